import "server-only";
// Who made a request, as the audit log records it: decided by the front door's request guard
// (lib/server/front-door.ts) and handed to route handlers on a header it overwrites.
import { AppError } from "@/lib/errors";
import type { Caller } from "@/lib/domain/mcp-types";
import { CALLER_HEADER, decodeCaller } from "@/lib/http/caller-header";

/** The caller of a route that signed-out callers may use too (signing in, the session's state). */
export function anyCallerOf(request: Request): Caller {
  const stamped = request.headers.get(CALLER_HEADER);
  if (!stamped) {
    console.error("[toolscope] a request reached a route without passing the front door (server.ts)");
    throw new AppError("internal:unexpected");
  }
  return decodeCaller(stamped);
}

export function callerOf(request: Request): Caller {
  const caller = anyCallerOf(request);
  // Only the sign-in routes and assets are open to callers without credentials, and none of
  // them acts for a caller: a route that asks who is calling must never hear "nobody".
  if (caller.role === null) throw new AppError("unauthorized:token");
  return caller;
}
