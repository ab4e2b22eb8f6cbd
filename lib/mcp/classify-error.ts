// Sorts what a failed tools/call threw into the kinds Toolscope keeps apart: the server
// answered with a JSON-RPC error, the call timed out, was cancelled, or never completed.
import { ProtocolError, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import type { InvocationStatus } from "./types";

export type ClassifiedError = { status: Exclude<InvocationStatus, "ok" | "tool_error">; code?: number; message: string; data?: unknown };

export function classifyCallError(error: unknown, signal?: AbortSignal): ClassifiedError {
  if (signal?.aborted) return { status: "cancelled", message: "The call was cancelled." };
  if (ProtocolError.isInstance(error)) {
    return {
      status: "protocol_error",
      code: error.code,
      message: error.message,
      ...(error.data === undefined ? {} : { data: error.data }),
    };
  }
  if (SdkError.isInstance(error) && error.code === SdkErrorCode.RequestTimeout) {
    return { status: "timeout", message: error.message };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { status: "transport_error", message };
}
