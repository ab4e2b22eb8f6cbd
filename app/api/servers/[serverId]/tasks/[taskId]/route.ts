import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";
import { parseSearchParams } from "@/lib/http/search-params";
import { cancelToolTask, getToolTask } from "@/lib/calls/tasks";
import { TaskQuerySchema } from "./task-query";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ serverId: string; taskId: string }> };

/** A task's status (tasks/get). */
export async function GET(request: Request, { params }: Params) {
  const { serverId, taskId } = await params;
  return respond(() => getToolTask({ serverId, taskId, ...parseSearchParams(request, TaskQuerySchema) }, callerOf(request)));
}

/** Cancels a task (tasks/cancel). */
export async function DELETE(request: Request, { params }: Params) {
  const { serverId, taskId } = await params;
  return respond(() => cancelToolTask({ serverId, taskId, ...parseSearchParams(request, TaskQuerySchema) }, callerOf(request)));
}
