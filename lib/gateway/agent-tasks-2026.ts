import "server-only";
// Tasks for 2026-07-28 agents: the tasks extension (SEP-2663, `io.modelcontextprotocol/tasks`),
// relayed to the target's tasks as agent-tasks.ts starts and reaches them. Every 2026 request's
// server declares the extension (server/discover); the server decides, per request, whether a
// call becomes a task: it does when the request declares the extension among its client
// capabilities and the tool is one its target runs as a task (`taskSupport` optional or
// required). Then the answer is a CreateTaskResult (`resultType: "task"`) as soon as the target
// created the task, after any approval; otherwise the call is a plain one, as before.
//
// tasks/get answers the target's status and, once the task has ended, the call's outcome
// inlined as a plain call would have been answered: `completed` with the result (a tool error
// included), `failed` with the target's JSON-RPC error, `cancelled`. A target that asks for
// input during a task is not put to the agent (its task shows `working`), so tasks/update has
// nothing outstanding to answer and only acknowledges. tasks/cancel cancels at the target.
// Task status notifications (`notifications/tasks` on subscriptions/listen) are not offered.
import { hasTaskClientCapabilityV2, TASKS_EXTENSION_ID_V2 } from "@modelcontextprotocol/ext-tasks/core/v2";
import {
  CLIENT_CAPABILITIES_META_KEY,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  type CallToolResult,
  type Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { z } from "zod";
import type { TaskInfo } from "@/lib/calls/tasks";
import type { Caller } from "@/lib/domain/roles";
import { callAgentTool, type AgentAnswer, type AgentCall } from "./agent-call";
import { cancelTask, currentTask, ENDED, refOf, startRelayedTask, taskOutcome } from "./agent-tasks";
import { runsAsTask } from "./agent-tools";

/** What the gateway declares among a 2026-07-28 server's `extensions`. */
export const TASKS_EXTENSION = { [TASKS_EXTENSION_ID_V2]: {} };

/** Whether this request declared the tasks extension among its client capabilities (its `_meta` envelope). */
function declaresTasks(ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  return hasTaskClientCapabilityV2({ _meta: { [CLIENT_CAPABILITIES_META_KEY]: envelope?.[CLIENT_CAPABILITIES_META_KEY] } });
}

/** The spec's answer to a task request from a client that did not declare the extension. */
function assertDeclared(ctx: ServerContext): void {
  if (!declaresTasks(ctx))
    throw new MissingRequiredClientCapabilityError(
      { requiredCapabilities: { extensions: TASKS_EXTENSION } },
      "Missing required client capability: the tasks extension (io.modelcontextprotocol/tasks)",
    );
}

/** A task as the extension's Task has it: `ttlMs`, `pollIntervalMs`, both timestamps. */
function asTask(task: TaskInfo): Record<string, unknown> & { status: string } {
  const createdAt = task.createdAt ?? new Date().toISOString();
  return {
    taskId: task.taskId,
    // A target's question during a task is not put to the agent (there is nothing it could answer): it works on.
    status: task.status === "input_required" ? "working" : task.status,
    ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
    createdAt,
    lastUpdatedAt: task.lastUpdatedAt ?? createdAt,
    ttlMs: typeof task.ttl === "number" ? Math.round(task.ttl) : null,
    ...(typeof task.pollInterval === "number" ? { pollIntervalMs: Math.round(task.pollInterval) } : {}),
  };
}

/** The DetailedTask of tasks/get: once the task has ended, its outcome inlined, as a plain call would have had it. */
async function detailedTask(taskId: string, ctx: ServerContext, caller: Caller): Promise<Record<string, unknown>> {
  const ref = await refOf(taskId, ctx);
  const task = asTask(await currentTask(taskId, ref, caller));
  if (!ENDED.has(task.status)) return task;
  const outcome = await taskOutcome(ref, caller, ctx.mcpReq.signal);
  if (outcome.status === "cancelled") return { ...task, status: "cancelled" };
  let result: CallToolResult;
  try {
    result = outcome.answer();
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    const data = error.data === undefined ? {} : { data: error.data };
    return { ...task, status: "failed", error: { code: error.code, message: error.message, ...data } };
  }
  // As a plain call's answer is on the wire: the client reads the inlined result as a 2026 CallToolResult.
  return { ...task, status: "completed", result: { ...result, resultType: "complete" } };
}

const TaskParams = z.object({ taskId: z.string() });

/**
 * Serves the extension's tasks/get, tasks/update and tasks/cancel on a 2026-07-28 request's
 * server, each as the person behind the agent; answers its tools/call, as a task where it may.
 */
export function serveTasksExtension(server: Server, caller: () => Caller): (call: AgentCall, ctx: ServerContext) => Promise<AgentAnswer> {
  server.setRequestHandler("tasks/get", { params: TaskParams }, async ({ taskId }, ctx) => {
    assertDeclared(ctx);
    return detailedTask(taskId, ctx, caller());
  });
  // Its `inputResponses` are the SDK's to lift (ctx.mcpReq.inputResponses), as on any 2026 request.
  server.setRequestHandler("tasks/update", { params: TaskParams }, async ({ taskId }, ctx) => {
    assertDeclared(ctx);
    await refOf(taskId, ctx);
    // Nothing is ever outstanding (see above): the responses are ignored, as the spec has it for keys it did not ask.
    return {};
  });
  server.setRequestHandler("tasks/cancel", { params: TaskParams }, async ({ taskId }, ctx) => {
    assertDeclared(ctx);
    await cancelTask(taskId, await refOf(taskId, ctx), caller());
    return {};
  });

  return async (call, ctx) => {
    // A round of a plain call's input_required goes on as that call.
    if (!declaresTasks(ctx) || call.rounds?.state) return callAgentTool(call);
    const target = await call.view.resolve(call.caller, call.name);
    if (!target || !runsAsTask(target.connection, target.connection.findTool(target.toolName))) return callAgentTool(call);
    const started = await startRelayedTask(call, undefined, ctx);
    if ("answer" in started) return started.answer;
    // `content: []`: the SDK's Server checks every tools/call answer as a CallToolResult; the
    // client's CreateTaskResult leaves it out.
    return { resultType: "task", ...asTask(started.started.task), content: [], _meta: started.started.meta } as CallToolResult;
  };
}
