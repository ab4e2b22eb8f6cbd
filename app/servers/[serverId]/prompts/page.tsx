import type { ReactNode } from "react";
import { PromptsView } from "@/components/features/prompts-view";

export default async function ServerPromptsPage({ params }: { params: Promise<{ serverId: string }> }): Promise<ReactNode> {
  const { serverId } = await params;
  return <PromptsView serverId={serverId} />;
}
