import "server-only";
// The requests a connection sends for a call: tools/call (as a request or a notification) and a
// task's requests. Every call leaves through sendToolCall, so the per-call timeout (reset by
// progress) and the maximum total time (MAX_TOTAL_FACTOR × the timeout) are decided here and
// nowhere else; answers come back as sent, for Toolscope to read itself (lib/calls/parse-result.ts).
import { SdkError, SdkErrorCode, type Client, type StandardSchemaV1, type Tool } from "@modelcontextprotocol/client";
import { declaresXMcpHeader } from "./x-mcp-header";

export type CallOptions = {
  signal?: AbortSignal;
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** _meta to send with the request (the SDK adds the progress token to it). */
  meta?: Record<string, unknown>;
  /** Run as a task (2025-11-25): the server answers at once with the task to poll. */
  task?: { ttl?: number };
  /**
   * Hand the server's input_required (2026-07-28) back as sent instead of answering it here,
   * for a caller who asks someone else (an agent at /mcp), with that caller's answers to the
   * round before: the server's requestState echoed and the inputResponses by its keys.
   */
  inputRound?: { responses?: Record<string, unknown> | undefined; requestState?: string | undefined };
};

/** A call may run this many times its timeout in all, however much progress it reports. */
export const MAX_TOTAL_FACTOR = 10;

/** Takes a result as the server sent it; Toolscope reads it itself. */
const AS_SENT: StandardSchemaV1<unknown> = { "~standard": { version: 1, vendor: "toolscope", validate: (value) => ({ value }) } };

/**
 * Sends one tools/call and answers with the server's result as sent. `tool`: the listed
 * definition, for a 2026 tool that declares x-mcp-header (the SDK's callTool mirrors those
 * arguments into request headers).
 */
export async function sendToolCall(
  client: Client,
  call: { name: string; args: Record<string, unknown>; tool: Tool | undefined; timeoutMs: number },
  options: CallOptions,
): Promise<unknown> {
  const params = {
    name: call.name,
    arguments: call.args,
    ...(options.meta ? { _meta: options.meta } : {}),
    ...(options.task ? { task: options.task } : {}),
    ...(options.inputRound?.responses ? { inputResponses: options.inputRound.responses } : {}),
    ...(options.inputRound?.requestState === undefined ? {} : { requestState: options.inputRound.requestState }),
  };
  // The SDK's maxTotalTimeout rejects the call without telling the server (SDK 2.4); an abort
  // sends notifications/cancelled, so a tool Toolscope reports as timed out does not run on.
  // One controller, aborted by the caller's signal or by the cap (AbortSignal.any costs more).
  const total = new AbortController();
  let capped = false;
  const limit = setTimeout(() => {
    capped = true;
    total.abort();
  }, call.timeoutMs * MAX_TOTAL_FACTOR);
  const stop = (): void => total.abort(options.signal?.reason);
  if (options.signal?.aborted) stop();
  else options.signal?.addEventListener("abort", stop, { once: true });
  const sendOptions = {
    signal: total.signal,
    // Always ask for progress (a progress token goes out only with a handler): it is what
    // lets a long call that reports progress outlive the per-call timeout.
    onprogress: options.onprogress ?? (() => undefined),
    timeout: call.timeoutMs,
    resetTimeoutOnProgress: true,
    ...(options.inputRound ? { allowInputRequired: true } : {}),
  };
  try {
    // It parses strictly; every other call is read leniently.
    const tool = client.getProtocolEra() === "modern" ? call.tool : undefined;
    if (tool && declaresXMcpHeader(tool.inputSchema)) {
      // Toolscope validates structured output itself, so the SDK is given no outputSchema.
      const { outputSchema: _omit, ...toolDefinition } = tool;
      return await client.callTool(params, { ...sendOptions, toolDefinition });
    }
    return await client.request({ method: "tools/call", params }, AS_SENT, sendOptions);
  } catch (error) {
    if (capped && !options.signal?.aborted) {
      throw new SdkError(SdkErrorCode.RequestTimeout, "Maximum total timeout exceeded", {
        maxTotalTimeout: call.timeoutMs * MAX_TOTAL_FACTOR,
      });
    }
    throw error;
  } finally {
    clearTimeout(limit);
    options.signal?.removeEventListener("abort", stop);
  }
}

/** Sends tools/call as a notification: no id, so the server never answers (the console can do this). */
export async function notifyToolCall(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  meta?: Record<string, unknown>,
): Promise<void> {
  const params = { name, arguments: args, ...(meta ? { _meta: meta } : {}) };
  await client.notification({ method: "tools/call", params } as unknown as Parameters<Client["notification"]>[0]);
}

/**
 * Sends a task request (2025-11-25: tasks/get, tasks/result, tasks/cancel) and answers with
 * the result as sent. tasks/result blocks until the task ends, so it may take the whole cap.
 */
export function sendTaskRequest(
  client: Client,
  method: "tasks/get" | "tasks/result" | "tasks/cancel",
  taskId: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<unknown> {
  const timeout = method === "tasks/result" ? timeoutMs * MAX_TOTAL_FACTOR : timeoutMs;
  return client.request({ method, params: { taskId } }, AS_SENT, { signal, timeout });
}
