import "server-only";
// Task-augmented tool calls (protocol 2025-11-25, tools with execution.taskSupport
// "optional" or "required"): create the task, poll its status, fetch its result, cancel
// it. The audit record is opened when the task is created and settled when its result
// is fetched, it fails, or it is cancelled.
import { ProtocolError, type CallToolResult } from "@modelcontextprotocol/client";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { openRecord, settleWithError, settleWithResult, type OpenRecord } from "./audit-trail";
import { classifyCallError } from "./classify-error";
import type { ServerConnection } from "./connection";
import { connectionFor } from "./pool";
import type { Caller, InvocationResponse } from "./types";

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
const ToolResultSchema = z.looseObject({ content: z.array(z.unknown()) });

const OPEN_KEY = Symbol.for("toolscope.open-task-records");
const globalStore = globalThis as typeof globalThis & { [OPEN_KEY]?: Map<string, OpenRecord> };
const openTasks = (globalStore[OPEN_KEY] ??= new Map<string, OpenRecord>());
const key = (serverId: string, taskId: string): string => `${serverId}\u0000${taskId}`;

async function taskCapableConnection(serverId: string): Promise<ServerConnection> {
  const connection = await connectionFor(serverId);
  await connection.ready();
  const tasks = (connection.snapshot().capabilities as { tasks?: { requests?: { tools?: { call?: unknown } } } } | null)?.tasks;
  if (!tasks?.requests?.tools?.call)
    throw new AppError("bad_request:body", `${connection.config.name} does not support running tools as tasks.`);
  return connection;
}

async function request<S extends z.ZodType>(
  connection: ServerConnection,
  method: string,
  params: Record<string, unknown>,
  schema: S,
): Promise<z.infer<S>> {
  const client = await connection.ready();
  try {
    return (await client.request({ method, params }, schema)) as z.infer<S>;
  } catch (error) {
    if (ProtocolError.isInstance(error))
      throw new AppError("bad_request:body", `${connection.config.name} refused ${method}: ${error.message} (${error.code})`);
    throw new AppError("unavailable:server", connection.explainTransportFailure(classifyCallError(error).message));
  }
}

export async function startToolTask(input: {
  serverId: string;
  toolName: string;
  arguments: Record<string, unknown>;
  caller: Caller;
  ttlMs?: number;
}): Promise<{ task: TaskInfo; auditId: string }> {
  const connection = await taskCapableConnection(input.serverId);
  const record = await openRecord(connection, input.toolName, input.arguments, input.caller);
  try {
    const client = await connection.ready();
    const { task } = (await client.request(
      { method: "tools/call", params: { name: input.toolName, arguments: input.arguments, task: input.ttlMs ? { ttl: input.ttlMs } : {} } },
      CreateTaskResultSchema,
    )) as z.infer<typeof CreateTaskResultSchema>;
    openTasks.set(key(input.serverId, task.taskId), record);
    return { task, auditId: record.auditId };
  } catch (error) {
    const response = await settleWithError(record, classifyCallError(error));
    throw new AppError(
      response.status === "protocol_error" ? "bad_request:body" : "unavailable:server",
      `The task could not be created: ${response.error?.message}`,
    );
  }
}

export async function getToolTask(serverId: string, taskId: string): Promise<{ task: TaskInfo }> {
  const connection = await taskCapableConnection(serverId);
  const task = await request(connection, "tasks/get", { taskId }, TaskSchema);
  const record = openTasks.get(key(serverId, taskId));
  if (record && (task.status === "failed" || task.status === "cancelled")) {
    openTasks.delete(key(serverId, taskId));
    await settleWithError(record, {
      status: task.status === "failed" ? "transport_error" : "cancelled",
      message: task.statusMessage ?? `The task ${task.status}.`,
    });
  }
  return { task };
}

/** The task's result; waits on the server until the task is done (tasks/result blocks). */
export async function getToolTaskResult(
  serverId: string,
  taskId: string,
  signal?: AbortSignal,
): Promise<InvocationResponse | { task: TaskInfo; result: unknown }> {
  const connection = await taskCapableConnection(serverId);
  const client = await connection.ready();
  const record = openTasks.get(key(serverId, taskId));
  try {
    const result = (await client.request({ method: "tasks/result", params: { taskId } }, ToolResultSchema, { signal })) as CallToolResult;
    if (!record) return { task: { taskId, status: "completed" }, result };
    openTasks.delete(key(serverId, taskId));
    return settleWithResult(record, result);
  } catch (error) {
    const classified = classifyCallError(error, signal);
    if (!record || classified.status === "cancelled") throw new AppError("unavailable:server", classified.message);
    openTasks.delete(key(serverId, taskId));
    return settleWithError(record, classified);
  }
}

export async function cancelToolTask(serverId: string, taskId: string): Promise<{ task: TaskInfo }> {
  const connection = await taskCapableConnection(serverId);
  const task = await request(connection, "tasks/cancel", { taskId }, TaskSchema);
  const record = openTasks.get(key(serverId, taskId));
  if (record) {
    openTasks.delete(key(serverId, taskId));
    await settleWithError(record, { status: "cancelled", message: "The task was cancelled." });
  }
  return { task };
}
