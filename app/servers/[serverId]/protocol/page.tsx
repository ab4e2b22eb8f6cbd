import type { ReactNode } from "react";
import { ProtocolView } from "@/components/features/protocol-view";

export default async function ServerProtocolPage({ params }: { params: Promise<{ serverId: string }> }): Promise<ReactNode> {
  const { serverId } = await params;
  return <ProtocolView serverId={serverId} />;
}
