import "server-only";
// The call pipeline for what is not a tool call: a resources/read, a prompts/get or a
// completion/complete. It keeps the
// rules of run-call.ts that are not about tools: refused while this process shuts down, only on
// servers the caller may use, within the hosted limits, a server that is down still audited,
// the record opened before anything is sent, cancellable by its audit id while it runs, the
// call's secrets (a prompt argument under a secret key) taken out of the answer, and one outcome
// from the same table. A tool's policy and its output schema have no part here. A server that
// does not declare the capability (resources, prompts, completions) is refused (400): nothing is
// sent, so nothing is recorded.
import { AppError } from "@/lib/errors";
import { isDraining } from "@/lib/draining";
import { connectionFor } from "@/lib/mcp/pool";
import { sendCompletion, sendPromptGet, sendResourceRead } from "@/lib/mcp/server-features";
import type { ServerConnection } from "@/lib/mcp/connection";
import type { Caller } from "@/lib/domain/mcp-types";
import type { CompleteResult, CompletionParams, FeatureResponse, GetPromptResult, ReadResourceResult } from "@/lib/domain/server-features";
import { INVOCATION_METHODS, type InvocationKind } from "@/lib/domain/invocation-kinds";
import { inSpan, SpanKind } from "@/lib/telemetry/tracing";
import { checkArgumentDepth } from "../domain/argument-depth";
import { admitCall } from "./call-limits";
import { completeRecord, openRecord } from "./audit-trail";
import { classifyCallError } from "./classify-error";
import { callUnderway, isInterruption, ownerOf, trackCall } from "./in-flight";
import { failure, untilReady } from "./run-call";
import type { CallVia } from "@/lib/domain/audit-via";
import { redactConnectionStrings } from "@/lib/domain/redact";

type FeatureRequest = {
  serverId: string;
  caller: Caller;
  /** Aborted when the caller goes away: the request is cancelled. */
  signal?: AbortSignal | undefined;
  onStarted?: ((auditId: string) => void) | undefined;
  /** Where it was made from, when not its page or the API (the console). */
  via?: CallVia | undefined;
};

type Capability = "resources" | "prompts" | "completions";

export type ResourceReadRequest = FeatureRequest & { uri: string };
export type PromptGetRequest = FeatureRequest & { name: string; arguments: Record<string, string> };
export type CompletionRequest = FeatureRequest & CompletionParams;

const NO_VALIDATION = { verdict: "none" } as const;

export function readResource(request: ResourceReadRequest): Promise<FeatureResponse<ReadResourceResult>> {
  // The URI names the record for every reader of the log: a password in it is taken out there.
  return runFeature(
    request,
    "resource_read",
    redactUriForLog(request.uri),
    { uri: request.uri },
    (connection, signal) => connection.ready().then((client) => sendResourceRead(client, connection, request.uri, signal)),
    "resources",
  );
}

export function getPrompt(request: PromptGetRequest): Promise<FeatureResponse<GetPromptResult>> {
  return runFeature(
    request,
    "prompt_get",
    request.name,
    request.arguments,
    (connection, signal) => connection.ready().then((client) => sendPromptGet(client, connection, request.name, request.arguments, signal)),
    "prompts",
  );
}

/** completion/complete for a prompt's or a template's argument. */
export function complete(request: CompletionRequest): Promise<FeatureResponse<CompleteResult>> {
  const { ref, argument, context } = request;
  const target = ref.type === "ref/prompt" ? ref.name : redactUriForLog(ref.uri);
  const params: CompletionParams = { ref, argument, ...(context ? { context } : {}) };
  // Recorded under the argument's own name, with the earlier ones: a value typed into a
  // secret-looking argument is redacted as it would be in the prompt get.
  return runFeature(
    request,
    "completion",
    target,
    { ref, argument: argument.name, arguments: { ...context?.arguments, [argument.name]: argument.value } },
    (connection, signal) => connection.ready().then((client) => sendCompletion(client, connection, params, signal)),
    "completions",
  );
}

async function runFeature<R>(
  request: FeatureRequest,
  kind: Exclude<InvocationKind, "call">,
  target: string,
  args: Record<string, unknown>,
  send: (connection: ServerConnection, signal: AbortSignal) => Promise<R>,
  requires: Capability,
): Promise<FeatureResponse<R>> {
  if (isDraining()) throw new AppError("unavailable:draining");
  const cancel = new AbortController();
  const endUnderway = callUnderway((reason) => cancel.abort(reason));
  const hangUp = (): void => cancel.abort(request.signal?.reason);
  try {
    checkArgumentDepth("arguments", args);
    const connection = await connectionFor(request.serverId, request.caller);
    const release = await admitCall(request.caller, request.serverId);
    if (request.signal?.aborted) hangUp();
    else request.signal?.addEventListener("abort", hangUp, { once: true });
    try {
      const method = INVOCATION_METHODS[kind];
      return await inSpan(
        method,
        { kind: SpanKind.CLIENT, attributes: { "mcp.method.name": method, "toolscope.server.id": request.serverId } },
        () => forwardAudited(request, kind, target, args, connection, cancel, send, requires),
      );
    } finally {
      release();
    }
  } finally {
    request.signal?.removeEventListener("abort", hangUp);
    endUnderway();
  }
}

async function forwardAudited<R>(
  request: FeatureRequest,
  kind: Exclude<InvocationKind, "call">,
  target: string,
  args: Record<string, unknown>,
  connection: ServerConnection,
  cancel: AbortController,
  send: (connection: ServerConnection, signal: AbortSignal) => Promise<R>,
  requires: Capability,
): Promise<FeatureResponse<R>> {
  const signal = cancel.signal;
  const call = { kind, toolName: target, arguments: args, caller: request.caller, via: request.via };
  try {
    await untilReady(connection, signal);
  } catch (error) {
    const record = await openRecord(connection, call);
    return answer<R>(await completeRecord(record, failure(classifyCallError(error, signal.aborted))));
  }
  if (!(await connection.ready()).getServerCapabilities()?.[requires])
    throw new AppError("bad_request:body", `${connection.config.name} declares no ${requires} capability: nothing was sent.`);
  const record = await openRecord(connection, call);
  const untrack = trackCall(record.auditId, { serverId: request.serverId, owner: ownerOf(request.caller), cancel: () => cancel.abort() });
  try {
    request.onStarted?.(record.auditId);
    const result = await send(connection, signal);
    return answer<R>(await completeRecord(record, { status: "ok", raw: result, outputValidation: NO_VALIDATION }));
  } catch (error) {
    if (isInterruption(signal.reason))
      return answer<R>(
        await completeRecord(record, { status: "interrupted", error: { message: signal.reason.message }, outputValidation: NO_VALIDATION }),
      );
    const classified = classifyCallError(error, signal.aborted);
    if (classified.status === "transport_error") classified.message = connection.explainTransportFailure(classified.message);
    return answer<R>(await completeRecord(record, failure(classified)));
  } finally {
    untrack();
  }
}

/** A URI as every reader of the log sees it: a password in it (scheme://user:password@) taken out. */
function redactUriForLog(uri: string): string {
  return redactConnectionStrings(uri);
}

function answer<R>(response: Awaited<ReturnType<typeof completeRecord>>): FeatureResponse<R> {
  const { status, raw, error, durationMs, auditId, protocolVersion } = response;
  return { status, ...(raw === undefined ? {} : { result: raw as R }), ...(error ? { error } : {}), durationMs, auditId, protocolVersion };
}
