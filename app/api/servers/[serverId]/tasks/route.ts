import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";
import { listToolTasks } from "@/lib/calls/tasks";

export const dynamic = "force-dynamic";

/** The tasks Toolscope started on the server that the caller may reach, newest first. */
export async function GET(request: Request, { params }: { params: Promise<{ serverId: string }> }) {
  const { serverId } = await params;
  return respond(async () => ({ tasks: await listToolTasks(serverId, callerOf(request)) }));
}
