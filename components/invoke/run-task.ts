// Runs a tool as a task from the browser: create it, poll its status at the pace the server
// asks for, then fetch the call's response. cancelTask ends it as "cancelled" (the response
// still comes); aborting the signal stops waiting and cancels the task on the server.
import { fetchJson } from "@/lib/client/fetch-json";
import type { InvocationResponse } from "@/lib/mcp/types";

export type TaskStatus = { taskId: string; status: string; statusMessage?: string; pollInterval?: number };

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

export async function runToolAsTask(
  serverId: string,
  toolName: string,
  args: Record<string, unknown>,
  { signal, onStatus, reason }: { signal: AbortSignal; onStatus: (task: TaskStatus) => void; reason?: string | undefined },
): Promise<InvocationResponse> {
  const base = `/api/servers/${encodeURIComponent(serverId)}`;
  const start = await fetchJson<{ task: TaskStatus } | { response: InvocationResponse }>(
    `${base}/tools/${encodeURIComponent(toolName)}/tasks`,
    {
      method: "POST",
      body: JSON.stringify({ arguments: args, ...(reason ? { reason } : {}) }),
      signal,
    },
  );
  // No task was created (refused, answered at once, or the server is down): that is the answer.
  if ("response" in start) return start.response;
  const { task } = start;
  onStatus(task);
  const taskUrl = `${base}/tasks/${encodeURIComponent(task.taskId)}`;
  try {
    let current = task;
    while (current.status === "working" || current.status === "input_required") {
      await sleep(Math.min(Math.max(current.pollInterval ?? 1000, 250), 5000), signal);
      current = (await fetchJson<{ task: TaskStatus }>(taskUrl, { signal })).task;
      onStatus(current);
    }
    return await fetchJson<InvocationResponse>(`${taskUrl}/result`, { signal });
  } catch (error) {
    if (signal.aborted) await fetchJson(taskUrl, { method: "DELETE" }).catch(() => undefined);
    throw error;
  }
}

/** Cancels a running task on the server; its response then says "cancelled". */
export async function cancelTask(serverId: string, taskId: string): Promise<void> {
  await fetchJson(`/api/servers/${encodeURIComponent(serverId)}/tasks/${encodeURIComponent(taskId)}`, { method: "DELETE" });
}
