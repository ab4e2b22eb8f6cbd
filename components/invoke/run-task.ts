// Runs a tool as a task from the browser: create it, poll its status at the pace the server
// asks for, then fetch the call's response. cancelTask ends it as "cancelled" (the response
// still comes); aborting the signal stops waiting and cancels the task on the server.
import { api } from "@/components/api/client";
import type { InvocationResponse } from "@/lib/domain/mcp-types";

export type TaskStatus = { taskId: string; status: string; statusMessage?: string; pollInterval?: number };
/** A task and the audit record of the call that created it (which says which Toolscope process follows it). */
export type TaskHandle = TaskStatus & { auditId: string };

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

export async function runToolAsTask(
  serverId: string,
  toolName: string,
  args: Record<string, unknown>,
  { signal, onStatus, reason }: { signal: AbortSignal; onStatus: (task: TaskHandle) => void; reason?: string | undefined },
): Promise<InvocationResponse> {
  const start = await api("POST /api/servers/:serverId/tools/:toolName/tasks", {
    params: { serverId, toolName },
    body: { arguments: args, ...(reason ? { reason } : {}) },
    signal,
  });
  // No task was created (refused, answered at once, or the server is down): that is the answer.
  if ("response" in start) return start.response;
  const { task, auditId } = start;
  onStatus({ ...task, auditId });
  const params = { serverId, taskId: task.taskId };
  const query = { auditId };
  try {
    let current = task;
    while (current.status === "working" || current.status === "input_required") {
      await sleep(Math.min(Math.max(current.pollInterval ?? 1000, 250), 5000), signal);
      try {
        current = (await api("GET /api/servers/:serverId/tasks/:taskId", { params, query, signal })).task;
      } catch (error) {
        // The Toolscope process that followed it may have stopped (a restart): its call's
        // outcome is recorded, and the result route reads it from there.
        if (signal.aborted) throw error;
        return await api("GET /api/servers/:serverId/tasks/:taskId/result", { params, query, signal }).catch(() => Promise.reject(error));
      }
      onStatus({ ...current, auditId });
    }
    return await api("GET /api/servers/:serverId/tasks/:taskId/result", { params, query, signal });
  } catch (error) {
    if (signal.aborted) await api("DELETE /api/servers/:serverId/tasks/:taskId", { params, query }).catch(() => undefined);
    throw error;
  }
}

/** Cancels a running task on the server; its response then says "cancelled". */
export async function cancelTask(serverId: string, task: TaskHandle): Promise<void> {
  await api("DELETE /api/servers/:serverId/tasks/:taskId", { params: { serverId, taskId: task.taskId }, query: { auditId: task.auditId } });
}
