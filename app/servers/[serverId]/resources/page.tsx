import type { ReactNode } from "react";
import { ResourcesView } from "@/components/features/resources-view";

export default async function ServerResourcesPage({ params }: { params: Promise<{ serverId: string }> }): Promise<ReactNode> {
  const { serverId } = await params;
  return <ResourcesView serverId={serverId} />;
}
