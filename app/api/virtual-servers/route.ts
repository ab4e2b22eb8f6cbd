import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";
import { listVirtualServers } from "@/lib/gateway/virtual-servers";

export const dynamic = "force-dynamic";

/** Every virtual server (a named MCP endpoint /mcp/{name} of chosen tools), with its address. */
export async function GET(request: Request) {
  return respond(() => listVirtualServers(callerOf(request)));
}
