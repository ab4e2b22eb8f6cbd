import { toolApp } from "@/lib/apps/app-resource";
import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

/** The tool's MCP App: its HTML (read from the server), declared CSP and the sandbox's address. */
export async function GET(request: Request, { params }: { params: Promise<{ serverId: string; toolName: string }> }) {
  const { serverId, toolName } = await params;
  return respond(() => toolApp(serverId, toolName, callerOf(request)));
}
