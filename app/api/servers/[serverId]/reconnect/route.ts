import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";
import { reconnectServer } from "@/lib/mcp/servers";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ serverId: string }> }) {
  const { serverId } = await params;
  return respond(async () => ({ server: await reconnectServer(serverId, callerOf(request)) }));
}
