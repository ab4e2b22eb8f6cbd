import "server-only";
// Tasks through /mcp, whichever revision the agent speaks: how the gateway starts a task for an
// agent and reaches it again. A call the agent may have as a task goes through the same
// admission as any agent call (agent-call.ts: the tool resolved, a person's approval waited for,
// inside the request, before anything is sent), then starts the task at the target through the
// audited pipeline (lib/calls/tasks.ts, as the person, via the agent): one task at the target,
// one audit record, no store of the gateway's.
//
// The agent's task id is the target's task, its server and its audit record, signed with the
// SDK's codec (a key every replica shares) and bound to the person and the endpoint: another
// person's id, an altered or an expired one is the spec's unknown task (-32602). Its status is
// the target's, asked of it (by the process that follows the task, when it is another one); its
// outcome is the call's as its audit record has it, answered as a plain call is.
//
// What each revision says on the wire is its own file: agent-tasks-2025.ts (the `tasks`
// capability of 2025-11-25) and agent-tasks-2026.ts (the tasks extension of 2026-07-28).
import {
  createRequestStateCodec,
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type RequestStateCodec,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { linkApprovalToCall } from "@/lib/approvals/approvals";
import { cancelToolTask, getToolTask, getToolTaskResult, startToolTask, type TaskInfo, type TaskRef } from "@/lib/calls/tasks";
import { secretKeyFor } from "@/lib/crypto/secret-box";
import type { InvocationResponse } from "@/lib/domain/mcp-types";
import type { Caller } from "@/lib/domain/roles";
import { AppError } from "@/lib/errors";
import { connectionFor } from "@/lib/mcp/pool";
import { countAgentCall } from "@/lib/metrics/metrics";
import { processWide } from "@/lib/process-wide";
import { admitAgentCall, answerOf, APPROVAL_META, AUDIT_META, forwardedMeta, notSent, OUTCOME_META, type AgentCall } from "./agent-call";
import { identityOf } from "./input-rounds";

/** What an agent's task id stands for. */
type AgentTaskRef = { server: string; task: string; audit: string };

/** As long as Toolscope follows a task (a day at most: lib/calls/tasks.ts), and an hour for its result. */
export const TASK_ID_TTL_MS = 25 * 60 * 60_000;

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
    ttlSeconds: TASK_ID_TTL_MS / 1000,
    bind: bindingOf,
  });
  return codecs.codec;
}

const unknownTask = (): ProtocolError => new ProtocolError(ProtocolErrorCode.InvalidParams, "Failed to retrieve task: Task not found");

/** The statuses a task does not leave. */
export const ENDED = new Set(["completed", "failed", "cancelled"]);

/** A task started for an agent at its target. */
export type RelayedTask = {
  /** The agent's id for it (signed, bound to the person and the endpoint). */
  taskId: string;
  ref: TaskRef;
  /** The target's task as it was created, a quoted secret redacted, under the agent's id. */
  task: TaskInfo;
  /** The answer's `_meta`: the call's audit record, and the approval it went ahead on. */
  meta: Record<string, unknown>;
  /** The call's outcome once the task has ended (undefined if it could not be read): this process follows the task. */
  ended: Promise<InvocationResponse | undefined>;
};

/**
 * Starts a call as a task at its target, for an agent. A call Toolscope does not send (refused,
 * denied, not approved in time), and one whose target answered without creating a task, is the
 * answer a plain call would have had.
 */
export async function startRelayedTask(
  call: AgentCall,
  ttlMs: number | undefined,
  ctx: ServerContext,
): Promise<{ answer: CallToolResult } | { started: RelayedTask }> {
  const resolved = { serverId: "" };
  const admitted = await admitAgentCall({ ...call, asTask: true }, resolved).catch((error: unknown) => {
    countAgentCall(resolved.serverId, resolved.serverId ? "protocol_error" : "unknown_tool");
    throw error;
  });
  if ("answer" in admitted) {
    const outcome = admitted.answer._meta?.[OUTCOME_META];
    countAgentCall(resolved.serverId, typeof outcome === "string" ? outcome : "tool_error");
    return admitted;
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
    if (error instanceof AppError) return { answer: notSent(error) };
    throw error;
  }
  if ("response" in started) {
    if (approvalId) await linkApprovalToCall(approvalId, started.response.auditId);
    countAgentCall(serverId, started.response.status);
    const answer = answerOf(started.response, connection.config.name);
    return { answer: { ...answer, _meta: { ...answer._meta, ...approval } } };
  }
  if (approvalId) await linkApprovalToCall(approvalId, started.auditId);
  const ref: TaskRef = { serverId, taskId: started.task.taskId, auditId: started.auditId };
  // Counted by how it ends: this process follows the task it just started.
  const ended = getToolTaskResult(ref, call.caller).then(
    (response) => {
      countAgentCall(serverId, response.status);
      return response;
    },
    () => undefined,
  );
  const taskId = await taskIds().mint({ server: serverId, task: started.task.taskId, audit: started.auditId }, ctx);
  return { started: { taskId, ref, task: { ...started.task, taskId }, meta: { [AUDIT_META]: started.auditId, ...approval }, ended } };
}

/** The task an agent's id names, or the spec's unknown task. */
export async function refOf(taskId: string, ctx: ServerContext): Promise<TaskRef> {
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

/** The task as its target describes it now (tasks/get at the target), under the agent's id. */
export async function currentTask(taskId: string, ref: TaskRef, caller: Caller): Promise<TaskInfo> {
  const { task } = await relayed(() => getToolTask(ref, caller));
  return { ...task, taskId };
}

/** Cancels the task at its target (tasks/cancel); its record then completes as cancelled. */
export async function cancelTask(taskId: string, ref: TaskRef, caller: Caller): Promise<TaskInfo> {
  const { task } = await relayed(() => cancelToolTask(ref, caller));
  return { ...task, taskId };
}

/**
 * The call's outcome once the task has ended (waited for; the wait, not the task, stops with
 * `signal`): `answer()` is what a plain call would have been answered, and throws the target's
 * JSON-RPC error as a plain call does.
 */
export async function taskOutcome(
  ref: TaskRef,
  caller: Caller,
  signal: AbortSignal,
): Promise<{ status: InvocationResponse["status"]; answer: () => CallToolResult }> {
  const response = await relayed(() => getToolTaskResult(ref, caller, signal));
  const { config } = await relayed(() => connectionFor(ref.serverId, caller));
  return { status: response.status, answer: () => answerOf(response, config.name) };
}
