import "server-only";
// The "advanced console": any JSON-RPC method sent as-is to a server, with the answer as
// the server gave it (not parsed into SDK types, so odd results are seen as they are).
// tools/call goes through invokeTool, so it is audited like every other tool call.
import { ProtocolError } from "@modelcontextprotocol/client";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { classifyCallError } from "./classify-error";
import { invokeTool } from "./invoke";
import { connectionFor } from "./pool";
import type { Caller } from "./types";

export const RawRpcSchema = z.object({
  method: z.string().min(1).max(200),
  params: z.record(z.string(), z.unknown()).optional(),
  /** Send as a notification: no id, no answer. */
  notification: z.boolean().default(false),
});

export type RawRpcInput = z.infer<typeof RawRpcSchema>;
export type RawRpcAnswer =
  | { jsonrpc: "2.0"; result: unknown; durationMs: number; auditId?: string }
  | { jsonrpc: "2.0"; error: { code: number; message: string; data?: unknown }; durationMs: number; auditId?: string };

const AnyResult = z.looseObject({});

export async function rawRpc(serverId: string, input: RawRpcInput, caller: Caller, signal?: AbortSignal): Promise<RawRpcAnswer> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  if (input.method === "tools/call" && !input.notification) {
    const name = input.params?.name;
    const args = input.params?.arguments ?? {};
    if (typeof name !== "string" || typeof args !== "object" || args === null || Array.isArray(args)) {
      throw new AppError("bad_request:body", "tools/call needs params.name (a string) and params.arguments (an object).");
    }
    const meta = input.params?._meta;
    const response = await invokeTool({
      serverId,
      toolName: name,
      arguments: args as Record<string, unknown>,
      caller,
      signal,
      ...(typeof meta === "object" && meta !== null && !Array.isArray(meta) ? { meta: meta as Record<string, unknown> } : {}),
    });
    if (response.result) return { jsonrpc: "2.0", result: response.result, durationMs: response.durationMs, auditId: response.auditId };
    if (response.status === "protocol_error" && response.error?.code !== undefined) {
      return {
        jsonrpc: "2.0",
        error: { code: response.error.code, message: response.error.message, data: response.error.data },
        durationMs: response.durationMs,
        auditId: response.auditId,
      };
    }
    throw new AppError("unavailable:server", response.error?.message);
  }
  const connection = await connectionFor(serverId);
  const client = await connection.ready();
  try {
    if (input.notification) {
      await client.notification({ method: input.method, params: input.params } as Parameters<typeof client.notification>[0]);
      return { jsonrpc: "2.0", result: null, durationMs: elapsed() };
    }
    const result = await client.request({ method: input.method, params: input.params }, AnyResult, { signal });
    return { jsonrpc: "2.0", result, durationMs: elapsed() };
  } catch (error) {
    if (ProtocolError.isInstance(error))
      return { jsonrpc: "2.0", error: { code: error.code, message: error.message, data: error.data }, durationMs: elapsed() };
    const classified = classifyCallError(error, signal);
    throw new AppError("unavailable:server", connection.explainTransportFailure(classified.message));
  }
}
