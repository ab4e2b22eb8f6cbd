import "server-only";
// The tasks one 2025-11-25 session started through /mcp (agent-tasks-2025.ts), for tasks/list:
// each under the agent's id, as the session last heard of it (its creation, a tasks/get, its
// end). Kept with the session, on the process that holds it, for as long as the agent's ids are
// valid; past a thousand, the oldest are forgotten.
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { TaskInfo } from "@/lib/calls/tasks";
import { TASK_ID_TTL_MS } from "./agent-tasks";

type Entry = { seq: number; task: TaskInfo; expires: number };

export class SessionTasks {
  private readonly entries = new Map<string, Entry>();
  private seq = 0;

  constructor(private readonly limits: { pageSize: number; kept: number } = { pageSize: 100, kept: 1_000 }) {}

  /** A task the session started, under the agent's id. */
  add(task: TaskInfo): void {
    this.entries.set(task.taskId, { seq: ++this.seq, task, expires: Date.now() + TASK_ID_TTL_MS });
    for (const taskId of this.entries.keys()) {
      if (this.entries.size <= this.limits.kept) break;
      this.entries.delete(taskId);
    }
  }

  /** What was heard of one of them since; a task the session did not start is not added. */
  heard(task: TaskInfo): void {
    const entry = this.entries.get(task.taskId);
    if (entry) entry.task = task;
  }

  /** One page, newest first. The cursor is the last entry's place, so that tasks started meanwhile shift nothing. */
  page(cursor: string | undefined): { tasks: TaskInfo[]; nextCursor?: string } {
    const before = cursor === undefined ? Infinity : Number(cursor);
    if (before !== Infinity && !(Number.isSafeInteger(before) && before > 0))
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid cursor");
    const now = Date.now();
    const listed = [...this.entries.values()].filter((entry) => entry.seq < before && entry.expires > now).reverse();
    const page = listed.slice(0, this.limits.pageSize);
    const last = page.at(-1);
    return { tasks: page.map((entry) => entry.task), ...(listed.length > page.length && last ? { nextCursor: String(last.seq) } : {}) };
  }
}
