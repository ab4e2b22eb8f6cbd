import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";
import { serverSkills } from "@/lib/mcp/server-skills";

export const dynamic = "force-dynamic";

/** The server's skills as skills/list gives them, each with what is wrong with its entry; no file is read. */
export async function GET(request: Request, { params }: { params: Promise<{ serverId: string }> }) {
  const { serverId } = await params;
  return respond(() => serverSkills(serverId, callerOf(request)));
}
