import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";
import { serverResources } from "@/lib/mcp/server-catalogs";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ serverId: string }> }) {
  const { serverId } = await params;
  return respond(() => serverResources(serverId, callerOf(request)));
}
