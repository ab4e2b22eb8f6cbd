import type { ReactNode } from "react";
import { ToolPanel } from "@/components/invoke/tool-panel";

export default async function ToolPage({ params }: { params: Promise<{ toolName: string }> }): Promise<ReactNode> {
  const { toolName } = await params;
  return <ToolPanel toolName={decodeURIComponent(toolName)} />;
}
