import "server-only";
// Task-augmented tool calls (protocol 2025-11-25, tools with execution.taskSupport) through
// the one pipeline: starting a task runs runCall with a forward step that creates the task,
// follows it with tasks/get at the pace the server asks until it stops working, and then takes
// its result with tasks/result. The HTTP answer goes out as soon as the task exists; the
// pipeline runs on and completes the audit record with the task's real outcome: a failed
// task's tool error or JSON-RPC error, a cancel, a timeout. A task may run as long as its ttl
// (a day when it has none); when Toolscope stops waiting, for a cancel or that deadline, the
// server is sent tasks/cancel. With replicas, the process that created a task follows it: a
// question about it that reaches another process (tasks/get, a cancel) is passed to that one
// (lib/cluster), and its result is read from the audit record once that completes.
import { SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import { z } from "zod";
import { getAuditEntry } from "@/lib/audit/query";
import { responseOfRecord } from "@/lib/audit/as-response";
import { readerOf } from "@/lib/audit/visibility";
import { clusterBus } from "@/lib/cluster";
import { AppError, errorBody, errorFromElsewhere, nullIfNotFound } from "@/lib/errors";
import type { ServerConnection } from "@/lib/mcp/connection";
import { connectionFor } from "@/lib/mcp/pool";
import type { Caller, InvocationResponse } from "@/lib/domain/mcp-types";
import { processWide } from "@/lib/process-wide";
import type { EchoRedactor } from "@/lib/domain/redact-echoes";
import type { CallVia } from "@/lib/domain/audit-via";
import { callSecrets } from "./call-secrets";
import { classifyCallError } from "./classify-error";
import { can } from "@/lib/domain/roles";
import { cancelCall, isInterruption, ownerOf } from "./in-flight";
import { enforceToolPolicy } from "./enforce-policy";
import { otherProcessThatOpened } from "./record-owner";
import { runCall } from "./run-call";

const TaskSchema = z.looseObject({
  taskId: z.string(),
  status: z.string(),
  statusMessage: z.string().optional(),
  createdAt: z.string().optional(),
  lastUpdatedAt: z.string().optional(),
  ttl: z.number().nullable().optional(),
  pollInterval: z.number().optional(),
});
export type TaskInfo = z.infer<typeof TaskSchema>;
const CreateTaskResultSchema = z.looseObject({ task: TaskSchema });

/** `owner`: who started it (lib/calls/in-flight.ts ownerOf): only they, or who may read every payload or cancel every call, reach it. */
type RunningTask = {
  response: Promise<InvocationResponse>;
  auditId: string;
  owner: string;
  echoes: EchoRedactor;
  toolName: string;
  /** The task as the server last described it (its status while Toolscope follows it). */
  task: TaskInfo;
};
const running = processWide("tasks-running", () => new Map<string, RunningTask>());
const RESULT_KEPT_MS = 10 * 60_000;
/** How long a task without a ttl is followed. */
const MAX_TASK_WAIT_MS = 24 * 60 * 60_000;
const POLL_MS = { min: 250, default: 1_000, max: 5_000 };
const key = (serverId: string, taskId: string): string => `${serverId}\u0000${taskId}`;

/** Whether the server takes tools/call as a task (2025-11-25's `tasks.requests.tools.call`). */
export function runsToolsAsTasks(connection: ServerConnection): boolean {
  const tasks = (connection.snapshot().capabilities as { tasks?: { requests?: { tools?: { call?: unknown } } } } | null)?.tasks;
  return Boolean(tasks?.requests?.tools?.call);
}

function assertTaskCapable(connection: ServerConnection): void {
  if (!runsToolsAsTasks(connection))
    throw new AppError("bad_request:body", `${connection.config.name} does not support running tools as tasks.`);
}

async function taskCapableConnection(serverId: string, caller?: Caller): Promise<ServerConnection> {
  const connection = await connectionFor(serverId, caller);
  await connection.ready();
  assertTaskCapable(connection);
  return connection;
}

export type TaskStart = { task: TaskInfo; auditId: string } | { response: InvocationResponse };

/**
 * Starts a tool as a task. Answers with the task once the server has created it, or with the
 * call's response when there is no task to poll (the server refused, answered at once, or is down).
 */
export async function startToolTask(input: {
  serverId: string;
  toolName: string;
  arguments: Record<string, unknown>;
  meta?: Record<string, unknown> | undefined;
  caller: Caller;
  ttlMs?: number | undefined;
  reason?: string | undefined;
  /** Where the call was made from, when not the UI or the API (an agent at /mcp): kept in its audit record. */
  via?: CallVia | undefined;
}): Promise<TaskStart> {
  const connection = await connectionFor(input.serverId, input.caller);
  // The policy first: a refused call is refused as such, whatever the server can do.
  await enforceToolPolicy(connection, input);
  // A server that cannot be reached is still a call (audited as unavailable, by the pipeline);
  // one that is reached but has no tasks is a request Toolscope cannot make.
  const reachable = await connection.ready().then(
    () => true,
    () => false,
  );
  if (reachable) assertTaskCapable(connection);
  let created: (start: TaskStart) => void = () => undefined;
  const taskCreated = new Promise<TaskStart>((resolve) => (created = resolve));
  const response = runCall({
    ...input,
    forward: async ({ connection, record, signal }) => {
      const answer = await connection.callTool(input.toolName, input.arguments, {
        signal,
        meta: input.meta,
        task: input.ttlMs ? { ttl: input.ttlMs } : {},
      });
      const parsed = CreateTaskResultSchema.safeParse(answer);
      // No task came back: the server answered the call itself, and that answer is read as one.
      if (!parsed.success) return answer;
      const { task } = parsed.data;
      const id = key(input.serverId, task.taskId);
      // Kept a while after it ends, for the browser's GET of the result that follows its last poll.
      const forget = (): void => void setTimeout(() => running.delete(id), RESULT_KEPT_MS).unref();
      response.finally(forget).catch(() => undefined);
      const entry: RunningTask = {
        response,
        auditId: record.auditId,
        owner: ownerOf(input.caller),
        echoes: record.echoes,
        toolName: input.toolName,
        task,
      };
      running.set(id, entry);
      response.then(
        (settled) =>
          (entry.task = {
            ...entry.task,
            status: settled.status === "ok" ? "completed" : settled.status === "cancelled" ? "cancelled" : "failed",
          }),
        () => undefined,
      );
      created({ task: record.echoes.value(task), auditId: record.auditId });
      return followTask(connection, task, signal, (latest) => (entry.task = latest));
    },
  });
  return Promise.race([taskCreated, response.then((settled) => ({ response: settled }))]);
}

/** Waits for a task to stop working, then takes its result; tells the server to stop if Toolscope stops waiting first. */
async function followTask(
  connection: ServerConnection,
  created: TaskInfo,
  signal: AbortSignal,
  onStatus: (task: TaskInfo) => void,
): Promise<unknown> {
  const tellServerToStop = (): void => void connection.taskRequest("tasks/cancel", created.taskId).catch(() => undefined);
  // A process that shuts down stops following the task, but the task is the caller's: it runs on.
  const onAbort = (): void => {
    if (!isInterruption(signal.reason)) tellServerToStop();
  };
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    const deadline = Date.now() + (created.ttl ?? MAX_TASK_WAIT_MS);
    let task = created;
    // input_required too goes to tasks/result, which delivers the server's requests for input.
    while (task.status === "working") {
      if (Date.now() > deadline) {
        tellServerToStop();
        throw new SdkError(
          SdkErrorCode.RequestTimeout,
          `The task was still working after its ttl (${created.ttl ?? MAX_TASK_WAIT_MS} ms).`,
        );
      }
      await sleep(Math.min(Math.max(task.pollInterval ?? POLL_MS.default, POLL_MS.min), POLL_MS.max), signal);
      const parsed = TaskSchema.safeParse(await connection.taskRequest("tasks/get", created.taskId, signal));
      if (!parsed.success)
        throw new SdkError(SdkErrorCode.InvalidResult, "The server answered tasks/get with something that is not a task.");
      task = parsed.data;
      onStatus(task);
    }
    return await connection.taskRequest("tasks/result", created.taskId, signal);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** A request about a task that is not itself the call: its failures are errors of this request. */
async function askAboutTask(connection: ServerConnection, method: "tasks/get" | "tasks/cancel", taskId: string): Promise<TaskInfo> {
  let answer: unknown;
  try {
    answer = await connection.taskRequest(method, taskId);
  } catch (error) {
    const { status, message } = classifyCallError(error);
    if (status === "protocol_error") throw new AppError("bad_gateway:server", `${connection.config.name} refused ${method}: ${message}`);
    throw new AppError("unavailable:server", connection.explainTransportFailure(message));
  }
  const parsed = TaskSchema.safeParse(answer);
  if (!parsed.success)
    throw new AppError("bad_gateway:server", `${connection.config.name} answered ${method} with something that is not a task.`);
  return parsed.data;
}

/** A task named by the call that created it: `auditId` says which process follows it. */
export type TaskRef = { serverId: string; taskId: string; auditId?: string | undefined };
type TaskOp = "get" | "cancel";
type TaskAnswer = { task: TaskInfo } | { error: { code: string; message: string } };

/** The answer of the process that follows the task, when another one does; undefined: ask here. */
async function askFollower(op: TaskOp, ref: TaskRef, caller: Caller | undefined): Promise<{ task: TaskInfo } | undefined> {
  if (!ref.auditId || running.has(key(ref.serverId, ref.taskId))) return undefined;
  // Also once its record has completed: the follower keeps the task a while for the last polls.
  const follower = await otherProcessThatOpened(ref.auditId, { pending: false });
  if (!follower) return undefined;
  const answer = (await clusterBus()?.ask(follower, "task", { op, serverId: ref.serverId, taskId: ref.taskId, caller })) as
    TaskAnswer | undefined;
  if (!answer) return undefined;
  if ("error" in answer) throw errorFromElsewhere(answer.error);
  return answer;
}

/** Answers another process's question about a task this one follows (lib/server/cluster-handlers.ts); `ref` names no audit id. */
export async function answerTaskQuestion(op: TaskOp, ref: TaskRef, caller: Caller | undefined): Promise<TaskAnswer> {
  try {
    return op === "get" ? await getToolTask(ref, caller) : await cancelToolTask(ref, caller);
  } catch (error) {
    return { error: errorBody(error).body.error };
  }
}

/**
 * A task as its caller sees it: a status message that quotes a secret is redacted like the
 * call's answer (the call's own secrets when this process follows it, else the server's).
 */
async function shownTask(ref: TaskRef, connection: ServerConnection, task: TaskInfo): Promise<TaskInfo> {
  const echoes = running.get(key(ref.serverId, ref.taskId))?.echoes ?? (await callSecrets(connection, []));
  return echoes.value(task);
}

export async function getToolTask(ref: TaskRef, caller?: Caller): Promise<{ task: TaskInfo }> {
  const elsewhere = await askFollower("get", ref, caller);
  if (elsewhere) return elsewhere;
  const connection = await taskCapableConnection(ref.serverId, caller);
  return { task: await shownTask(ref, connection, await askAboutTask(connection, "tasks/get", ref.taskId)) };
}

/** How often the audit record of a task another process follows is read, waiting for its result. */
const RECORD_POLL_MS = 500;

/**
 * The task's call response, once the task has ended; the wait stops (the task does not) if
 * `signal` aborts. A task another process follows is answered from its audit record, as the
 * caller may read it, once that record completes.
 */
export async function getToolTaskResult(ref: TaskRef, caller: Caller, signal?: AbortSignal): Promise<InvocationResponse> {
  const task = running.get(key(ref.serverId, ref.taskId));
  if (!task) {
    if (ref.auditId) return recordedResult(ref.serverId, ref.auditId, caller, signal);
    throw new AppError("not_found:task");
  }
  // The result is the call's payload: its caller's, or for those who read every payload (as the audit log decides).
  if (task.owner !== ownerOf(caller) && !can(caller, "audit:payloads")) throw new AppError("not_found:task");
  if (!signal) return task.response;
  return Promise.race([
    task.response,
    new Promise<never>((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true })),
  ]);
}

async function recordedResult(serverId: string, auditId: string, caller: Caller, signal?: AbortSignal): Promise<InvocationResponse> {
  const deadline = Date.now() + MAX_TASK_WAIT_MS;
  for (;;) {
    const record = await getAuditEntry(auditId, readerOf(caller)).then(({ record }) => record, nullIfNotFound);
    if (!record || record.server_id !== serverId || record.kind !== "call") throw new AppError("not_found:task");
    if (record.outcome !== "pending") {
      const response = responseOfRecord(record);
      if (!response) throw new AppError("not_found:task");
      return response;
    }
    if (Date.now() > deadline) throw new AppError("not_found:task");
    await sleep(RECORD_POLL_MS, signal ?? new AbortController().signal);
  }
}

/** Cancels a task on the server (tasks/cancel); its call then ends as cancelled. */
export async function cancelToolTask(ref: TaskRef, caller?: Caller): Promise<{ task: TaskInfo }> {
  const elsewhere = await askFollower("cancel", ref, caller);
  if (elsewhere) return elsewhere;
  const followed = running.get(key(ref.serverId, ref.taskId));
  // As for a call's Cancel: its caller, or an admin; anyone else is told there is no such task.
  const by = caller ? { owner: ownerOf(caller), isAdmin: can(caller, "people:manage") } : undefined;
  if (followed && by && !by.isAdmin && by.owner !== followed.owner) throw new AppError("not_found:task");
  const connection = await taskCapableConnection(ref.serverId, caller);
  const task = await shownTask(ref, connection, await askAboutTask(connection, "tasks/cancel", ref.taskId));
  if (followed) cancelCall(followed.auditId, by);
  return { task };
}

/** One task Toolscope started on a server, as the server's tasks panel lists it. */
export type TaskListing = { taskId: string; toolName: string; auditId: string; task: TaskInfo };

/**
 * The tasks this process started on the server that the caller may reach (their own; all, for
 * who may read every payload), newest first: running ones, and those that ended in the last ten
 * minutes. Their status is the one Toolscope last heard while following them.
 */
export async function listToolTasks(serverId: string, caller: Caller): Promise<TaskListing[]> {
  await connectionFor(serverId, caller); // a server the caller may not see is one that does not exist
  const everyone = can(caller, "audit:payloads");
  const owner = ownerOf(caller);
  return [...running.entries()]
    .filter(([id, entry]) => id.startsWith(`${serverId}\u0000`) && (everyone || entry.owner === owner))
    .map(([, entry]) => ({
      taskId: entry.task.taskId,
      toolName: entry.toolName,
      auditId: entry.auditId,
      task: entry.echoes.value(entry.task),
    }))
    .reverse();
}
