import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";
import { parseSearchParams } from "@/lib/http/search-params";
import { getToolTaskResult } from "@/lib/calls/tasks";
import { TaskQuerySchema } from "../task-query";

export const dynamic = "force-dynamic";

/** A task's result (tasks/result, which waits until the task is done), like a tool call's answer. */
export async function GET(request: Request, { params }: { params: Promise<{ serverId: string; taskId: string }> }) {
  const { serverId, taskId } = await params;
  return respond(() =>
    getToolTaskResult({ serverId, taskId, ...parseSearchParams(request, TaskQuerySchema) }, callerOf(request), request.signal),
  );
}
