import "server-only";
// The "advanced console": any JSON-RPC method sent as-is to a server, with the answer as the
// server gave it (not parsed into SDK types, so odd results are seen as they are). tools/call,
// as a request or as a notification, goes through the call pipeline and is audited like every
// other call, and so do resources/read, prompts/get and completion/complete (run-feature.ts). Every answer names its outcome from the one outcome table: a timeout or a lost
// connection is an outcome of the message, not an HTTP error of the console.
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { connectionFor } from "@/lib/mcp/pool";
import { sentRequest } from "@/lib/mcp/protocol-log";
import type { Caller, InvocationResponse } from "@/lib/domain/mcp-types";
import { classifyCallError } from "./classify-error";
import { runCall } from "./run-call";
import { complete, getPrompt, readResource } from "./run-feature";
import type { FeatureResponse } from "@/lib/domain/server-features";
import { CallReasonSchema } from "@/lib/domain/tool-policy";

export const RawRpcSchema = z.object({
  method: z.string().min(1).max(200),
  params: z.record(z.string(), z.unknown()).optional(),
  /** Send as a notification: no id, no answer. */
  notification: z.boolean().default(false),
  /** For tools/call: why, when the server's policy asks (as the call body's reason). */
  reason: CallReasonSchema,
});

export type RawRpcInput = z.infer<typeof RawRpcSchema>;
export type RawRpcAnswer = {
  jsonrpc: "2.0";
  outcome: InvocationResponse["status"];
  durationMs: number;
  /** The server's result, as sent. */
  result?: unknown;
  /** The server's JSON-RPC error. */
  error?: { code: number; message: string; data?: unknown };
  /** Why there is neither (timeout, cancelled, connection), in words. */
  failure?: { message: string };
  auditId?: string;
};

const AS_SENT = z.unknown();

const CompletionRpcSchema = z.strictObject({
  ref: z.discriminatedUnion("type", [
    z.strictObject({ type: z.literal("ref/prompt"), name: z.string() }),
    z.strictObject({ type: z.literal("ref/resource"), uri: z.string() }),
  ]),
  argument: z.strictObject({ name: z.string(), value: z.string() }),
  context: z.strictObject({ arguments: z.record(z.string(), z.string()) }).optional(),
});

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function fromCall(response: InvocationResponse): RawRpcAnswer {
  const answer: RawRpcAnswer = { jsonrpc: "2.0", outcome: response.status, durationMs: response.durationMs, auditId: response.auditId };
  if (response.result) answer.result = response.raw ?? response.result;
  else if (response.status === "protocol_error" && response.error?.code !== undefined)
    answer.error = { code: response.error.code, message: response.error.message, data: response.error.data };
  else if (response.error) answer.failure = { message: response.error.message };
  return answer;
}

function fromFeature(response: FeatureResponse<unknown>): RawRpcAnswer {
  const answer: RawRpcAnswer = { jsonrpc: "2.0", outcome: response.status, durationMs: response.durationMs, auditId: response.auditId };
  if (response.result !== undefined) answer.result = response.result;
  else if (response.status === "protocol_error" && response.error?.code !== undefined)
    answer.error = { code: response.error.code, message: response.error.message, data: response.error.data };
  else if (response.error) answer.failure = { message: response.error.message };
  return answer;
}

const ReadRpcSchema = z.strictObject({ uri: z.string().min(1) });
const GetRpcSchema = z.strictObject({ name: z.string().min(1), arguments: z.record(z.string(), z.string()).optional() });

/** The methods the console sends through the pipeline besides tools/call: audited, so only in the shape the pipeline takes. */
const AUDITED = new Set(["resources/read", "prompts/get", "completion/complete"]);

function auditedParams<T>(schema: z.ZodType<T>, input: RawRpcInput): T {
  if (input.notification)
    throw new AppError("bad_request:body", `${input.method} is sent as a request from the console: a notification would not be audited.`);
  const parsed = schema.safeParse(input.params ?? {});
  if (!parsed.success)
    throw new AppError(
      "bad_request:body",
      `${input.method} from the console goes through the audited pipeline, which takes its standard params only: ${parsed.error.issues.map((i) => `${i.path.join(".") || "params"}: ${i.message}`).join("; ")}`,
    );
  return parsed.data;
}

async function auditedFeature(
  serverId: string,
  input: RawRpcInput,
  caller: Caller,
  signal?: AbortSignal,
): Promise<RawRpcAnswer | undefined> {
  if (!AUDITED.has(input.method)) return undefined;
  const via = { kind: "console" } as const;
  if (input.method === "resources/read") {
    const { uri } = auditedParams(ReadRpcSchema, input);
    return fromFeature(await readResource({ serverId, uri, caller, signal, via }));
  }
  if (input.method === "prompts/get") {
    const params = auditedParams(GetRpcSchema, input);
    return fromFeature(await getPrompt({ serverId, name: params.name, arguments: params.arguments ?? {}, caller, signal, via }));
  }
  const params = auditedParams(CompletionRpcSchema, input);
  return fromFeature(await complete({ serverId, ...params, caller, signal, via }));
}

export async function rawRpc(serverId: string, input: RawRpcInput, caller: Caller, signal?: AbortSignal): Promise<RawRpcAnswer> {
  const audited = await auditedFeature(serverId, input, caller, signal);
  if (audited) return audited;
  if (input.method === "tools/call") {
    const name = input.params?.name;
    const args = input.params?.arguments ?? {};
    if (typeof name !== "string" || !asObject(args)) {
      throw new AppError("bad_request:body", "tools/call needs params.name (a string) and params.arguments (an object).");
    }
    const response = await runCall({
      serverId,
      toolName: name,
      arguments: asObject(args)!,
      meta: asObject(input.params?._meta),
      reason: input.reason,
      via: { kind: "console" },
      caller,
      signal,
      delivery: input.notification ? "notification" : "request",
    });
    return fromCall(response);
  }
  const connection = await connectionFor(serverId, caller);
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  try {
    const client = await connection.ready();
    if (input.notification) {
      await client.notification({ method: input.method, params: input.params } as Parameters<typeof client.notification>[0]);
      return { jsonrpc: "2.0", outcome: "unanswered", durationMs: elapsed() };
    }
    const result = await client.request({ method: input.method, params: input.params }, AS_SENT, { signal });
    return { jsonrpc: "2.0", outcome: "ok", result, durationMs: elapsed() };
  } catch (error) {
    const { status, code, message, data } = classifyCallError(error, signal?.aborted);
    if (status === "protocol_error" && code !== undefined)
      return { jsonrpc: "2.0", outcome: status, error: { code, message, ...(data === undefined ? {} : { data }) }, durationMs: elapsed() };
    const explained = status === "transport_error" ? connection.explainTransportFailure(message) : message;
    return { jsonrpc: "2.0", outcome: status, failure: { message: explained }, durationMs: elapsed() };
  }
}

/**
 * A request the protocol view shows, sent again as it was first sent (the params kept in this
 * process, never the redacted copy the browser saw), through the console: tools/call, resources
 * and prompts through the audited pipeline, with a progress token of its own.
 */
export async function resendRequest(serverId: string, seq: number, caller: Caller, signal?: AbortSignal): Promise<RawRpcAnswer> {
  const { principal } = await connectionFor(serverId, caller);
  const sent = sentRequest(serverId, principal, seq);
  if (!sent)
    throw new AppError(
      "not_found:message",
      "That request is no longer kept (the view keeps the latest 300 messages), or cannot be sent again.",
    );
  const meta = asObject(sent.params?._meta);
  const { progressToken: _token, ...restMeta } = meta ?? {};
  const params = sent.params && { ...sent.params, ...(meta ? { _meta: restMeta } : {}) };
  if (params && meta && Object.keys(restMeta).length === 0) delete params._meta;
  return rawRpc(serverId, { method: sent.method, params, notification: false, reason: undefined }, caller, signal);
}
