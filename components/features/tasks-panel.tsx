"use client";

// A server's tasks (2025-11-25 task-augmented tool calls) that Toolscope started for the person:
// running ones and those that ended in the last ten minutes, each with its status as the server
// last said it, a way to its audit record (where the result is kept), and Cancel while it runs.
import { Button } from "@/components/ui/button";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { BUTTON_SECONDARY } from "@/components/ui/classes";
import { usePolling } from "@/components/ui/use-polling";
import { api } from "@/components/api/client";
import { ErrorNote } from "@/components/ui/error-note";

type Task = { taskId: string; status: string; statusMessage?: string; createdAt?: string; lastUpdatedAt?: string };
type Listing = { taskId: string; toolName: string; auditId: string; task: Task };

const REFRESH_MS = 2_000;
const RUNNING = new Set(["working", "input_required"]);
const STATUS_CLASS: Record<string, string> = {
  working: "text-sky-800 dark:text-sky-300",
  input_required: "text-amber-800 dark:text-amber-300",
  completed: "text-emerald-800 dark:text-emerald-300",
  failed: "text-rose-800 dark:text-rose-300",
  cancelled: "text-zinc-600 dark:text-zinc-400",
};

export function TasksPanel({ serverId }: { serverId: string }): ReactNode {
  const [tasks, setTasks] = useState<Listing[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = async (): Promise<void> => {
    try {
      setTasks((await api("GET /api/servers/:serverId/tasks", { params: { serverId } })).tasks);
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  usePolling(load, REFRESH_MS);
  const cancel = async (listing: Listing): Promise<void> => {
    try {
      await api("DELETE /api/servers/:serverId/tasks/:taskId", {
        params: { serverId, taskId: listing.taskId },
        query: { auditId: listing.auditId },
      });
      await load();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <section className="mt-6" aria-labelledby="tasks-title" data-testid="tasks-panel">
      <h2 id="tasks-title" className="text-sm font-semibold">
        Tasks
      </h2>
      <p className="mt-1 text-xs text-muted">Tools you ran as tasks here: running, and ended in the last ten minutes.</p>
      <ErrorNote message={error} className="mt-2" />
      {tasks && tasks.length === 0 && (
        <p className="mt-2 text-[13px] text-muted">No task yet: tick “Run as a task” on a tool that offers it.</p>
      )}
      {tasks && tasks.length > 0 && (
        <ul className="mt-2 divide-y divide-zinc-100 rounded-lg border border-zinc-200 text-[13px] dark:divide-zinc-900 dark:border-zinc-800">
          {tasks.map((listing) => (
            <li
              key={listing.taskId}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2"
              data-testid="task-row"
              data-status={listing.task.status}
            >
              <span className="font-medium">{listing.toolName}</span>
              <span className={`font-medium ${STATUS_CLASS[listing.task.status] ?? ""}`} data-testid="task-status">
                {listing.task.status.replace("_", " ")}
              </span>
              {listing.task.statusMessage && <span className="min-w-0 text-muted">{listing.task.statusMessage}</span>}
              <span className="font-mono text-[11px] text-muted" title="Task id">
                {listing.taskId}
              </span>
              <span className="ml-auto flex items-center gap-2">
                <Link
                  href={`/audit/${encodeURIComponent(listing.auditId)}`}
                  className="text-xs text-indigo-700 underline dark:text-indigo-300"
                >
                  {RUNNING.has(listing.task.status) ? "Audit record" : "Result"}
                  <span className="sr-only"> of {listing.toolName}</span>
                </Link>
                {RUNNING.has(listing.task.status) && (
                  <Button className={BUTTON_SECONDARY} onPress={() => void cancel(listing)} data-testid="task-cancel">
                    Cancel<span className="sr-only"> {listing.toolName}</span>
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
