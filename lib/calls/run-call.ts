import "server-only";
// The call pipeline: every tool call, whoever makes it (the form, a script, a task, the RPC
// console, a replay), goes through runCall, which
//   1. refuses arguments it cannot store (400, not a call), and a call the server's policy
//      does not allow the caller or that lacks the reason it asks for (403/400, not a call),
//      and a call over the hosted limits (429 with Retry-After, not a call);
//   2. waits for the server's connection; a server that is down is still an audited call;
//   3. opens the audit record (pending) before anything is sent;
//   4. forwards the call (a request, a notification or a task: see `forward`);
//   5. reads and classifies the answer against the one outcome table;
//   6. validates structured output, completes the record, and answers with one type.
// Entry points differ only in how they speak HTTP (lib/server/call-endpoint.ts, app/api).
import { connectionFor } from "@/lib/mcp/pool";
import type { CallOptions, ServerConnection } from "@/lib/mcp/connection";
import { validateOutput } from "@/lib/mcp/output-validation";
import type { Caller, InvocationResponse, Tool } from "@/lib/mcp/types";
import { checkArgumentDepth } from "./argument-depth";
import { admitCall } from "./call-limits";
import { enforceToolPolicy } from "./enforce-policy";
import { completeRecord, openRecord, type OpenRecord, type Settlement } from "./audit-trail";
import { classifyCallError, type ClassifiedError } from "./classify-error";
import { ownerOf, trackCall } from "./in-flight";
import { parseToolResult } from "./parse-result";

/**
 * How the call reaches the server once its record is open. The default sends tools/call and
 * answers with the result as sent; a notification expects no answer (undefined); a task
 * (lib/calls/tasks.ts) creates the task and waits for its result.
 */
export type Forward = (context: { connection: ServerConnection; record: OpenRecord; signal: AbortSignal }) => Promise<unknown>;

export type CallRequest = {
  serverId: string;
  toolName: string;
  arguments: Record<string, unknown>;
  /** The request's _meta, forwarded to the server and recorded. */
  meta?: Record<string, unknown> | undefined;
  caller: Caller;
  /** Why the caller makes the call; required when the server's policy asks for one. */
  reason?: string | undefined;
  /** Aborted when the caller goes away (hangs up, closes the stream): the call is cancelled. */
  signal?: AbortSignal | undefined;
  onprogress?: CallOptions["onprogress"] | undefined;
  /** Called once the record is open, with its id: from then on cancelCall(auditId) cancels the call. */
  onStarted?: ((auditId: string) => void) | undefined;
  /** "notification": sent without an id, so the server never answers. */
  delivery?: "request" | "notification";
  forward?: Forward;
};

const NO_VALIDATION = { verdict: "none" } as const;

export async function runCall(request: CallRequest): Promise<InvocationResponse> {
  checkArgumentDepth("arguments", request.arguments);
  if (request.meta) checkArgumentDepth("_meta", request.meta);
  const connection = await connectionFor(request.serverId, request.caller);
  await enforceToolPolicy(connection, request);
  const release = await admitCall(request.caller, request.serverId);
  // One controller for both ways a caller stops a call: Cancel, or hanging up.
  const cancel = new AbortController();
  const hangUp = (): void => cancel.abort(request.signal?.reason);
  if (request.signal?.aborted) hangUp();
  else request.signal?.addEventListener("abort", hangUp, { once: true });
  try {
    return await forwardAudited(request, connection, cancel);
  } finally {
    release();
    request.signal?.removeEventListener("abort", hangUp);
  }
}

async function forwardAudited(request: CallRequest, connection: ServerConnection, cancel: AbortController): Promise<InvocationResponse> {
  const signal = cancel.signal;
  try {
    await untilReady(connection, signal);
  } catch (error) {
    const record = await openRecord(connection, request);
    const classified = classifyCallError(error, signal.aborted);
    if (classified.status === "cancelled")
      classified.message = "The call was cancelled before it was sent: the server was still connecting.";
    return completeRecord(record, failure(classified));
  }
  const record = await openRecord(connection, request);
  const untrack = trackCall(record.auditId, { serverId: request.serverId, owner: ownerOf(request.caller), cancel: () => cancel.abort() });
  try {
    request.onStarted?.(record.auditId);
    const forward = request.forward ?? (request.delivery === "notification" ? notify(request) : send(request));
    const answer = await forward({ connection, record, signal });
    if (request.delivery === "notification") return completeRecord(record, { status: "unanswered", outputValidation: NO_VALIDATION });
    return completeRecord(record, settleAnswer(answer, record.tool));
  } catch (error) {
    const classified = classifyCallError(error, signal.aborted);
    if (classified.status === "transport_error") classified.message = connection.explainTransportFailure(classified.message);
    return completeRecord(record, failure(classified));
  } finally {
    untrack();
  }
}

function send(request: CallRequest): Forward {
  return ({ connection, signal }) =>
    connection.callTool(request.toolName, request.arguments, { signal, onprogress: request.onprogress, meta: request.meta });
}

function notify(request: CallRequest): Forward {
  return async ({ connection }) => {
    await connection.notifyToolCall(request.toolName, request.arguments, request.meta);
    return undefined;
  };
}

/** The connection, unless the caller gives up first. */
async function untilReady(connection: ServerConnection, signal: AbortSignal): Promise<void> {
  if (signal.aborted) throw signal.reason;
  if (connection.isReady()) return;
  let onAbort: (() => void) | undefined;
  try {
    await Promise.race([
      connection.ready(),
      new Promise<never>((_resolve, reject) => {
        onAbort = () => reject(signal.reason);
        signal.addEventListener("abort", onAbort, { once: true });
      }),
    ]);
  } finally {
    if (onAbort) signal.removeEventListener("abort", onAbort);
  }
}

/** Reads a server's answer to tools/call: a result (maybe malformed, maybe a tool error). */
function settleAnswer(answer: unknown, tool: Tool | undefined): Settlement {
  const { result, problems, raw } = parseToolResult(answer);
  const structuredBroken = problems.some((p) => p.path === "structuredContent");
  const outputValidation = result.isError === true || structuredBroken ? NO_VALIDATION : validateOutput(tool, result.structuredContent);
  if (problems.length) return { status: "malformed_result", result, problems, ...(raw === undefined ? {} : { raw }), outputValidation };
  return { status: result.isError === true ? "tool_error" : "ok", result, outputValidation };
}

function failure({ status, ...error }: ClassifiedError): Settlement {
  return { status, error, outputValidation: NO_VALIDATION };
}
