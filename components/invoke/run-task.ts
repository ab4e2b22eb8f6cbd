// Runs a tool as a task from the browser: create it, poll its status at the pace the server
// asks for, then fetch the result. Aborting the signal cancels the task on the server.
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
  { signal, onStatus }: { signal: AbortSignal; onStatus: (task: TaskStatus) => void },
): Promise<InvocationResponse> {
  const base = `/api/servers/${encodeURIComponent(serverId)}`;
  const { task } = await fetchJson<{ task: TaskStatus }>(`${base}/tools/${encodeURIComponent(toolName)}/tasks`, {
    method: "POST",
    body: JSON.stringify({ arguments: args }),
    signal,
  });
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
