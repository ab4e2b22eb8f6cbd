import "server-only";
import type { EchoRedactor } from "@/lib/domain/redact-echoes";
// The call pipeline: every tool call, whoever makes it (the form, a script, a task, the RPC
// console, a replay), goes through runCall, which
//   0. refuses every call while this process shuts down (lib/server/shutdown.ts);
//   1. refuses arguments it cannot store (400, not a call), and a call the server's policy
//      does not allow the caller or that lacks the reason it asks for (403/400, not a call),
//      and a call over the hosted limits (429 with Retry-After, not a call);
//   2. waits for the server's connection; a server that is down is still an audited call;
//   3. opens the audit record (pending) before anything is sent;
//   4. forwards the call (a request, a notification or a task: see `forward`);
//   5. reads and classifies the answer against the one outcome table;
//   6. validates structured output, completes the record, and answers with one type.
// Entry points differ only in how they speak HTTP (lib/server/call-endpoint.ts, app/api).
import { AppError } from "@/lib/errors";
import { connectionFor } from "@/lib/mcp/pool";
import { isDraining } from "@/lib/draining";
import { inSpan, SpanKind, SpanStatusCode } from "@/lib/telemetry/tracing";
import type { CallOptions, ServerConnection } from "@/lib/mcp/connection";
import type { Caller, InvocationResponse } from "@/lib/domain/mcp-types";
import { checkArgumentDepth } from "../domain/argument-depth";
import { admitCall } from "./call-limits";
import { enforceToolPolicy } from "./enforce-policy";
import { toolUi } from "@/lib/domain/app-ui";
import type { CallVia } from "@/lib/domain/audit-via";
import { completeRecord, openRecord, type OpenRecord, type Settlement } from "./audit-trail";
import { classifyCallError, type ClassifiedError } from "./classify-error";
import { callUnderway, isInterruption, ownerOf, trackCall } from "./in-flight";
import { NO_VALIDATION, settleAnswer } from "./settle-answer";

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
  /** Where the call was made from, when not the form or the API: kept in its audit record. */
  via?: CallVia | undefined;
  /** Aborted when the caller goes away (hangs up, closes the stream): the call is cancelled. */
  signal?: AbortSignal | undefined;
  onprogress?: CallOptions["onprogress"] | undefined;
  /**
   * Called once the record is open, with its id (from then on cancelCall(auditId) cancels the
   * call) and the redactor of the call's secrets, for what the server sends the caller on the way
   * (requests for input).
   */
  onStarted?: ((auditId: string, echoes: EchoRedactor) => void) | undefined;
  /**
   * An agent's round of a multi-round call (2026-07-28, lib/gateway): the server's input_required
   * is the call's answer (outcome input_required), not answered here; the agent's answers to the
   * round before go with it.
   */
  inputRound?: CallOptions["inputRound"];
  /** "notification": sent without an id, so the server never answers. */
  delivery?: "request" | "notification";
  forward?: Forward;
};

export async function runCall(request: CallRequest): Promise<InvocationResponse> {
  // A process shutting down takes no new call, whoever asks (a collection run under way too).
  if (isDraining()) throw new AppError("unavailable:draining");
  // One controller for every way a call is stopped: Cancel, the caller hanging up, and this
  // process shutting down, which waits for the calls underway (from here until each is
  // answered, its record written) and then interrupts them.
  const cancel = new AbortController();
  const endUnderway = callUnderway((reason) => cancel.abort(reason));
  try {
    return await admitAndForward(request, cancel);
  } finally {
    endUnderway();
  }
}

async function admitAndForward(request: CallRequest, cancel: AbortController): Promise<InvocationResponse> {
  checkArgumentDepth("arguments", request.arguments);
  if (request.meta) checkArgumentDepth("_meta", request.meta);
  const connection = await connectionFor(request.serverId, request.caller);
  await enforceToolPolicy(connection, request);
  const release = await admitCall(request.caller, request.serverId);
  const hangUp = (): void => cancel.abort(request.signal?.reason);
  if (request.signal?.aborted) hangUp();
  else request.signal?.addEventListener("abort", hangUp, { once: true });
  try {
    return await inSpan(
      "toolscope.call",
      { attributes: { "toolscope.server.id": request.serverId, "gen_ai.tool.name": request.toolName } },
      async (span) => {
        const response = await forwardAudited(request, connection, cancel);
        span.setAttributes({ "toolscope.call.outcome": response.status, "toolscope.audit.id": response.auditId });
        if (!["ok", "tool_error", "unanswered"].includes(response.status))
          span.setStatus({ code: SpanStatusCode.ERROR, message: response.error?.message ?? response.status });
        return response;
      },
    );
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
      classified.message = isInterruption(signal.reason)
        ? "Toolscope shut down before the call was sent: the server was still connecting."
        : "The call was cancelled before it was sent: the server was still connecting.";
    return await completeRecord(record, failure(classified));
  }
  if (request.via?.kind === "app") assertHasApp(connection, request.via.tool);
  const record = await openRecord(connection, request);
  const untrack = trackCall(record.auditId, {
    serverId: request.serverId,
    owner: ownerOf(request.caller),
    cancel: () => cancel.abort(),
  });
  try {
    request.onStarted?.(record.auditId, record.echoes);
    const forward = request.forward ?? (request.delivery === "notification" ? notify(request) : send(request));
    const answer = await forward({ connection, record, signal });
    // Awaited here, not returned as a promise: the call stays tracked until its record is written.
    if (request.delivery === "notification") return await completeRecord(record, { status: "unanswered", outputValidation: NO_VALIDATION });
    return await completeRecord(record, settleAnswer(answer, record.tool));
  } catch (error) {
    // This process is stopping and could not wait for the answer: the server may or may not run it.
    if (isInterruption(signal.reason))
      return await completeRecord(record, {
        status: "interrupted",
        error: { message: signal.reason.message },
        outputValidation: NO_VALIDATION,
      });
    const classified = classifyCallError(error, signal.aborted);
    if (classified.status === "transport_error") classified.message = connection.explainTransportFailure(classified.message);
    return await completeRecord(record, failure(classified));
  } finally {
    untrack();
  }
}

function send(request: CallRequest): Forward {
  return ({ connection, record, signal }) =>
    inSpan(
      `tools/call ${request.toolName}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          "mcp.method.name": "tools/call",
          "gen_ai.tool.name": request.toolName,
          "mcp.protocol.version": connection.protocolVersion() ?? "",
          "toolscope.server.id": request.serverId,
        },
      },
      () =>
        connection.callTool(request.toolName, request.arguments, {
          signal,
          onprogress: progressShown(request, record),
          meta: request.meta,
          ...(request.inputRound ? { inputRound: request.inputRound } : {}),
        }),
    );
}

/** Progress as the caller sees it: a message that echoes a secret is redacted like the answer. */
function progressShown(request: CallRequest, record: OpenRecord): CallOptions["onprogress"] {
  const onprogress = request.onprogress;
  return onprogress && ((progress) => onprogress(record.echoes.value(progress)));
}

function notify(request: CallRequest): Forward {
  return async ({ connection }) => {
    await connection.notifyToolCall(request.toolName, request.arguments, request.meta);
    return undefined;
  };
}

/**
 * A call said to come from an MCP App names the tool whose page shows it: a tool this server
 * lists, with an app. Anything else is refused before a record is written, so the log's
 * "made from an app" lists no call that could not have been one.
 */
function assertHasApp(connection: ServerConnection, toolName: string): void {
  const tool = connection.findTool(toolName);
  if (!tool || !toolUi(tool))
    throw new AppError(
      "bad_request:body",
      `${connection.config.name} has no tool "${toolName}" with an MCP App: a call cannot say it came from one.`,
    );
}

/** The connection, unless the caller gives up first. */
export async function untilReady(connection: ServerConnection, signal: AbortSignal): Promise<void> {
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

export function failure({ status, ...error }: ClassifiedError): Settlement {
  return { status, error, outputValidation: NO_VALIDATION };
}
