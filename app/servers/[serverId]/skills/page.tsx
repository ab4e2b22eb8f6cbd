import type { ReactNode } from "react";
import { SkillsView } from "@/components/features/skills-view";

export default async function ServerSkillsPage({ params }: { params: Promise<{ serverId: string }> }): Promise<ReactNode> {
  const { serverId } = await params;
  return <SkillsView serverId={serverId} />;
}
