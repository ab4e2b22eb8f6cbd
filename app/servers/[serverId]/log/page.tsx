import type { ReactNode } from "react";
import { ServerLogPage } from "@/components/features/server-log";

export default async function ServerLogRoute({ params }: { params: Promise<{ serverId: string }> }): Promise<ReactNode> {
  const { serverId } = await params;
  return <ServerLogPage serverId={serverId} />;
}
