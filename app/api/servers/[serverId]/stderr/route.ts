import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";
import { serverStderr } from "@/lib/mcp/servers";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ serverId: string }> }) {
  const { serverId } = await params;
  return respond(() => serverStderr(serverId, callerOf(request)));
}
