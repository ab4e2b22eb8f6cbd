import "server-only";
// Tasks through /mcp (2025-11-25). A session whose client declared the `tasks` capability is
// offered tasks: the gateway declares `tasks` (tools/call as tasks, tasks/get, tasks/result,
// tasks/cancel) and lists a tool that its target runs as a task with its `execution`. A
// tools/call with `task` goes through the same admission as any agent call (agent-call.ts: the
// tool resolved, a person's approval waited for, inside the request, before anything is sent),
// then starts the task at the target through the audited pipeline (lib/calls/tasks.ts, as the
// person, via the agent): one task at the target, one audit record, no store of the gateway's.
//
// The agent's task id is the target's task, its server and its audit record, signed with the
// SDK's codec (a key every replica shares) and bound to the person: another person's id, an
// altered or an expired one is the spec's unknown task (-32602). tasks/get and tasks/cancel are
// relayed to the target (by the process that follows the task, when it is another one);
// tasks/result is the call's outcome as its audit record has it, answered as a plain call is.
// tasks/list is not offered: a person's tasks may be followed on several replicas.
import {
  createRequestStateCodec,
  ProtocolError,
  ProtocolErrorCode,
  RELATED_TASK_META_KEY,
  type CallToolResult,
  type RequestStateCodec,
  type Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { z } from "zod";
import { linkApprovalToCall } from "@/lib/approvals/approvals";
import { cancelToolTask, getToolTask, getToolTaskResult, startToolTask, type TaskInfo, type TaskRef } from "@/lib/calls/tasks";
import { secretKeyFor } from "@/lib/crypto/secret-box";
import type { Caller } from "@/lib/domain/roles";
import { AppError } from "@/lib/errors";
import { connectionFor } from "@/lib/mcp/pool";
import { countAgentCall } from "@/lib/metrics/metrics";
import { processWide } from "@/lib/process-wide";
import { admitAgentCall, answerOf, APPROVAL_META, AUDIT_META, forwardedMeta, notSent, OUTCOME_META, type AgentCall } from "./agent-call";
import { identityOf } from "./input-rounds";

/** What the gateway declares to a session it offers tasks to. */
export const TASKS_CAPABILITY = { cancel: {}, requests: { tools: { call: {} } } };

/** Tasks are offered to a 2025-11-25 session whose client declared the capability (an initialize request's params). */
export function offersTasks(hello: { protocolVersion?: unknown; capabilities?: { tasks?: unknown } } | undefined): boolean {
  const version = typeof hello?.protocolVersion === "string" ? hello.protocolVersion : "";
  return version >= "2025-11-25" && version < "2026" && typeof hello?.capabilities?.tasks === "object";
}

/** What an agent's task id stands for. */
type AgentTaskRef = { server: string; task: string; audit: string };

/** As long as Toolscope follows a task (a day at most: lib/calls/tasks.ts), and an hour for its result. */
const TASK_ID_TTL_S = 25 * 60 * 60;

/** The person (and endpoint) a task id belongs to: nobody else reaches the task with it. */
function bindingOf(ctx: ServerContext): string {
  const caller = (ctx.http?.authInfo?.extra as { caller?: Caller } | undefined)?.caller;
  if (!caller) throw new Error("A task id needs the caller of its request.");
  const url = ctx.http?.req?.url;
  return `${identityOf(caller)}\n${url ? new URL(url).pathname : ""}`;
}

const codecs = processWide<{ codec?: RequestStateCodec<AgentTaskRef> }>("agent-task-codec", () => ({}));

function taskIds(): RequestStateCodec<AgentTaskRef> {
  codecs.codec ??= createRequestStateCodec<AgentTaskRef>({
    key: secretKeyFor("agent task id v1"),
    ttlSeconds: TASK_ID_TTL_S,
    bind: bindingOf,
  });
  return codecs.codec;
}

const unknownTask = (): ProtocolError => new ProtocolError(ProtocolErrorCode.InvalidParams, "Failed to retrieve task: Task not found");

/** A CreateTaskResult, or the call's own answer when no task came of it (not sent, refused, answered at once). */
export type AgentTaskAnswer = CallToolResult & { task?: TaskInfo };

/**
 * An agent's tools/call with `task`. A call Toolscope does not send, and one whose target answered
 * without creating a task, is answered as the same call without `task` would be.
 */
export async function startAgentTask(call: AgentCall, ttlMs: number | undefined, ctx: ServerContext): Promise<AgentTaskAnswer> {
  const resolved = { serverId: "" };
  const admitted = await admitAgentCall({ ...call, asTask: true }, resolved).catch((error: unknown) => {
    countAgentCall(resolved.serverId, resolved.serverId ? "protocol_error" : "unknown_tool");
    throw error;
  });
  if ("answer" in admitted) {
    const outcome = admitted.answer._meta?.[OUTCOME_META];
    countAgentCall(resolved.serverId, typeof outcome === "string" ? outcome : "tool_error");
    return admitted.answer;
  }
  const { connection, toolName, args, reason, approvalId } = admitted;
  const serverId = connection.config.id;
  const approval = approvalId ? { [APPROVAL_META]: approvalId } : {};
  let started: Awaited<ReturnType<typeof startToolTask>>;
  try {
    started = await startToolTask({
      serverId,
      toolName,
      arguments: args,
      meta: forwardedMeta(call.meta, connection.protocolVersion(), undefined, undefined),
      caller: call.caller,
      ttlMs,
      reason,
      via: call.via ?? { kind: "agent", client: call.client },
    });
  } catch (error) {
    if (error instanceof AppError) return notSent(error);
    throw error;
  }
  if ("response" in started) {
    if (approvalId) await linkApprovalToCall(approvalId, started.response.auditId);
    countAgentCall(serverId, started.response.status);
    const answer = answerOf(started.response, connection.config.name);
    return { ...answer, _meta: { ...answer._meta, ...approval } };
  }
  if (approvalId) await linkApprovalToCall(approvalId, started.auditId);
  const ref: TaskRef = { serverId, taskId: started.task.taskId, auditId: started.auditId };
  // Counted by how it ends: this process follows the task it just started.
  void getToolTaskResult(ref, call.caller).then(
    (response) => countAgentCall(serverId, response.status),
    () => undefined,
  );
  const taskId = await taskIds().mint({ server: serverId, task: started.task.taskId, audit: started.auditId }, ctx);
  // `content: []`: SDK 2.4's Server checks a tools/call answer as a CallToolResult and refuses a
  // body with `task` but no `content` (it serves no tasks itself). Extra members are allowed by
  // the spec's Result; drop it once the SDK answers task-augmented tools/call.
  return { task: { ...started.task, taskId }, content: [], _meta: { [AUDIT_META]: started.auditId, ...approval } };
}

/** The task an agent's id names, or the spec's unknown task. */
async function refOf(taskId: string, ctx: ServerContext): Promise<TaskRef> {
  try {
    const ref = await taskIds().verify(taskId, ctx);
    return { serverId: ref.server, taskId: ref.task, auditId: ref.audit };
  } catch {
    throw unknownTask();
  }
}

/** Toolscope's errors about a task, as the spec's: one the person cannot reach is unknown. */
function asProtocolError(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code.startsWith("not_found:")) return unknownTask();
  return new ProtocolError(ProtocolErrorCode.InternalError, error.message);
}

async function relayed<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asProtocolError(error);
  }
}

const TaskParams = z.object({ taskId: z.string() });

/** tasks/get, tasks/result and tasks/cancel, for a session offered tasks; each as the person behind the agent. */
export function serveTasks(server: Server, caller: () => Caller): void {
  server.setRequestHandler("tasks/get", { params: TaskParams }, async ({ taskId }, ctx) => {
    const ref = await refOf(taskId, ctx);
    const { task } = await relayed(() => getToolTask(ref, caller()));
    return { ...task, taskId };
  });
  server.setRequestHandler("tasks/result", { params: TaskParams }, async ({ taskId }, ctx) => {
    const ref = await refOf(taskId, ctx);
    const response = await relayed(() => getToolTaskResult(ref, caller(), ctx.mcpReq.signal));
    const { config } = await relayed(() => connectionFor(ref.serverId, caller()));
    // The call's answer as a plain call gets it (a target's JSON-RPC error is thrown as such), tied to its task.
    const answer = answerOf(response, config.name);
    return { ...answer, _meta: { ...answer._meta, [RELATED_TASK_META_KEY]: { taskId } } };
  });
  server.setRequestHandler("tasks/cancel", { params: TaskParams }, async ({ taskId }, ctx) => {
    const ref = await refOf(taskId, ctx);
    const { task } = await relayed(() => cancelToolTask(ref, caller()));
    return { ...task, taskId };
  });
}
