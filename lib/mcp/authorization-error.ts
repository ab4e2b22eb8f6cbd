// Whether a failure means the server wants an OAuth authorization: the connection then waits for
// someone to authorize instead of retrying, and a call says so instead of "the server failed".
import { InsufficientScopeError, SdkError, SdkErrorCode, UnauthorizedError } from "@modelcontextprotocol/client";

/**
 * The server wants an OAuth authorization Toolscope does not have (or no longer has), or a wider
 * one than it has before anything can be listed.
 */
export function isAuthorizationError(error: unknown): boolean {
  if (UnauthorizedError.isInstance(error) || InsufficientScopeError.isInstance(error)) return true;
  if (error instanceof Error && error.name === "AuthorizationRequired") return true;
  return SdkError.isInstance(error) && error.code === SdkErrorCode.ClientHttpAuthentication;
}
