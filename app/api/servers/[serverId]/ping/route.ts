import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";
import { pingServer } from "@/lib/mcp/server-catalogs";

export const dynamic = "force-dynamic";

/** MCP ping: whether the server answered, and how long the round trip took. */
export async function POST(request: Request, { params }: { params: Promise<{ serverId: string }> }) {
  const { serverId } = await params;
  return respond(() => pingServer(serverId, callerOf(request)));
}
