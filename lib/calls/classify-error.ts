// Sorts what a failed call threw into the outcome table's kinds: the server refused
// (JSON-RPC error), broke the protocol, the call timed out, was cancelled, was never sent, or
// the connection failed during it. Every SDK error code is placed here on purpose: the
// Record below does not compile when the SDK adds one.
import { InsufficientScopeError, ProtocolError, SdkError, SdkErrorCode, UnauthorizedError } from "@modelcontextprotocol/client";
import { AppError } from "@/lib/errors";
import type { CallOutcome } from "../domain/outcomes";

export type FailedOutcome = Exclude<CallOutcome, "ok" | "tool_error" | "unanswered">;
export type ClassifiedError = { status: FailedOutcome; code?: number; message: string; data?: unknown };

const SDK_ERROR_OUTCOME: Record<SdkErrorCode, FailedOutcome> = {
  [SdkErrorCode.RequestTimeout]: "timeout",
  // Raised before anything reached the server.
  [SdkErrorCode.NotConnected]: "unavailable",
  [SdkErrorCode.NotInitialized]: "unavailable",
  [SdkErrorCode.AlreadyConnected]: "unavailable",
  [SdkErrorCode.SendFailed]: "unavailable",
  [SdkErrorCode.CapabilityNotSupported]: "unavailable",
  [SdkErrorCode.MethodNotSupportedByProtocolVersion]: "unavailable",
  [SdkErrorCode.EraNegotiationFailed]: "unavailable",
  // The server answered with something the protocol does not allow.
  [SdkErrorCode.InvalidResult]: "malformed_result",
  [SdkErrorCode.UnsupportedResultType]: "malformed_result",
  [SdkErrorCode.InputRequiredRoundsExceeded]: "malformed_result",
  [SdkErrorCode.ListPaginationExceeded]: "malformed_result",
  [SdkErrorCode.ClientHttpUnexpectedContent]: "malformed_result",
  // The connection failed while the call was out.
  [SdkErrorCode.ConnectionClosed]: "transport_error",
  [SdkErrorCode.ClientHttpNotImplemented]: "transport_error",
  // The server refused the request at the HTTP layer: the tool did not run.
  [SdkErrorCode.ClientHttpAuthentication]: "unauthorized",
  [SdkErrorCode.ClientHttpForbidden]: "unavailable",
  [SdkErrorCode.ClientHttpFailedToOpenStream]: "transport_error",
  [SdkErrorCode.ClientHttpFailedToTerminateSession]: "transport_error",
};

export function sdkErrorOutcome(code: SdkErrorCode): FailedOutcome {
  return SDK_ERROR_OUTCOME[code] ?? "transport_error";
}

function isZodError(error: unknown): boolean {
  return error instanceof Error && (error.name === "ZodError" || error.name === "$ZodError");
}

/**
 * `cancelled`: the pipeline aborted the call for its caller (Cancel, or the caller hung up);
 * that wins over whatever the SDK threw on the way out. Timeouts, the total cap included,
 * arrive as the SDK's RequestTimeout (lib/mcp/connection.ts raises it for the cap).
 */
export function classifyCallError(error: unknown, cancelled = false): ClassifiedError {
  if (cancelled) return { status: "cancelled", message: "The call was cancelled." };
  if (ProtocolError.isInstance(error)) {
    return {
      status: "protocol_error",
      code: error.code,
      message: error.message,
      ...(error.data === undefined ? {} : { data: error.data }),
    };
  }
  // The server wants an authorization (or a wider one) before the tool runs: the call never ran,
  // and the browser is told what to ask for (lib/mcp/oauth-authorization.ts).
  if (InsufficientScopeError.isInstance(error)) {
    return {
      status: "unauthorized",
      message: `The server needs more access for this call${error.requiredScope ? ` (scope: ${error.requiredScope})` : ""}: authorize Toolscope with it, then call again.`,
      data: { authorization: { kind: "insufficient_scope", requiredScope: error.requiredScope ?? null } },
    };
  }
  if (UnauthorizedError.isInstance(error) || (error instanceof Error && error.name === "AuthorizationRequired")) {
    return {
      status: "unauthorized",
      message: "The server asks for OAuth authorization: authorize Toolscope on the server's page, then call again.",
      data: { authorization: { kind: "unauthorized" } },
    };
  }
  if (error instanceof AppError && error.code === "forbidden:server_authorization") {
    return { status: "unauthorized", message: error.message, data: { authorization: { kind: "unauthorized" } } };
  }
  if (SdkError.isInstance(error)) return { status: sdkErrorOutcome(error.code as SdkErrorCode), message: error.message };
  if (error instanceof AppError && error.code === "unavailable:server") return { status: "unavailable", message: error.message };
  if (isZodError(error))
    return { status: "malformed_result", message: `The server's answer does not follow the protocol: ${firstLine(error)}` };
  return { status: "transport_error", message: error instanceof Error ? error.message : String(error) };
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0]!.slice(0, 300);
}
