import "server-only";
// Tasks for a 2025-11-25 session whose client declared the `tasks` capability (agent-tasks.ts
// starts and reaches them). The gateway declares `tasks` (tools/call as tasks, tasks/get,
// tasks/result, tasks/cancel, tasks/list) and lists a tool that its target runs as a task with
// its `execution`; a tools/call with `task` is answered with the CreateTaskResult as soon as the
// target created the task. tasks/result is the call's outcome as a plain call gets it.
//
// The session keeps the tasks it started (its ledger): tasks/list lists those, and when one ends
// the session is sent notifications/tasks/status. A session lives on one process, which is the
// one that started, and follows, each of its tasks; a task id still reaches its task from another
// session of the person's on the same endpoint (tasks/get…), but is listed only by its own.
import { RELATED_TASK_META_KEY, type CallToolResult, type Server, type ServerContext } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { TaskInfo } from "@/lib/calls/tasks";
import type { Caller } from "@/lib/domain/roles";
import type { AgentCall } from "./agent-call";
import { cancelTask, currentTask, refOf, startRelayedTask, taskOutcome, type RelayedTask } from "./agent-tasks";
import { SessionTasks } from "./agent-tasks-ledger";

/** What the gateway declares to a session it offers tasks to. */
export const TASKS_CAPABILITY = { list: {}, cancel: {}, requests: { tools: { call: {} } } };

/** Tasks are offered to a 2025-11-25 session whose client declared the capability (an initialize request's params). */
export function offersTasks(hello: { protocolVersion?: unknown; capabilities?: { tasks?: unknown } } | undefined): boolean {
  const version = typeof hello?.protocolVersion === "string" ? hello.protocolVersion : "";
  return version >= "2025-11-25" && version < "2026" && typeof hello?.capabilities?.tasks === "object";
}

/** A CreateTaskResult, or the call's own answer when no task came of it (not sent, refused, answered at once). */
export type AgentTaskAnswer = CallToolResult & { task?: TaskInfo };

const TaskParams = z.object({ taskId: z.string() });
const ListParams = z.object({ cursor: z.string().optional() }).optional();

/**
 * Serves tasks/get, tasks/result, tasks/cancel and tasks/list on a session offered tasks, each
 * as the person behind the agent; answers the session's task-augmented tools/call.
 */
export function serveTasks(
  server: Server,
  caller: () => Caller,
): { start: (call: AgentCall, ttlMs: number | undefined, ctx: ServerContext) => Promise<AgentTaskAnswer> } {
  const ledger = new SessionTasks();

  /** The task's end, told to the session: its status as tasks/get would answer it then. */
  const tellEnd = async (started: RelayedTask): Promise<void> => {
    if (!(await started.ended)) return;
    const task = await currentTask(started.taskId, started.ref, caller());
    ledger.heard(task);
    await server.notification({ method: "notifications/tasks/status", params: task });
  };

  server.setRequestHandler("tasks/get", { params: TaskParams }, async ({ taskId }, ctx) => {
    const task = await currentTask(taskId, await refOf(taskId, ctx), caller());
    ledger.heard(task);
    return task;
  });
  server.setRequestHandler("tasks/result", { params: TaskParams }, async ({ taskId }, ctx) => {
    const { answer } = await taskOutcome(await refOf(taskId, ctx), caller(), ctx.mcpReq.signal);
    // The call's answer as a plain call gets it (a target's JSON-RPC error is thrown as such), tied to its task.
    const result = answer();
    return { ...result, _meta: { ...result._meta, [RELATED_TASK_META_KEY]: { taskId } } };
  });
  server.setRequestHandler("tasks/cancel", { params: TaskParams }, async ({ taskId }, ctx) => {
    const task = await cancelTask(taskId, await refOf(taskId, ctx), caller());
    ledger.heard(task);
    return task;
  });
  server.setRequestHandler("tasks/list", { params: ListParams }, (params) => ledger.page(params?.cursor));

  return {
    start: async (call, ttlMs, ctx) => {
      const started = await startRelayedTask(call, ttlMs, ctx);
      if ("answer" in started) return started.answer;
      ledger.add(started.started.task);
      void tellEnd(started.started).catch(() => undefined);
      // `content: []`: SDK 2.4's Server checks a tools/call answer as a CallToolResult and refuses a
      // body with `task` but no `content` (it serves no tasks itself). Extra members are allowed by
      // the spec's Result; drop it once the SDK answers task-augmented tools/call.
      return { task: started.started.task, content: [], _meta: started.started.meta };
    },
  };
}
