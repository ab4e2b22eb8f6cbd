import "server-only";
// Who made a request, as the audit log records it. The request guard has already checked
// any token or session by the time a route runs, so here it only matters which one came.
import { configuredApiToken } from "@/lib/auth/session-token";
import type { Caller } from "@/lib/mcp/types";
import { PEER_HEADER } from "./peer-address";

export function callerOf(request: Request): Caller {
  // The socket's address, stamped by the HTTP server (never a header the client chose).
  return callerFrom(request.headers.get("authorization"), request.headers.get(PEER_HEADER));
}

/** The caller from the request's Authorization header and its socket's address. */
export function callerFrom(authorization: string | null | undefined, peerAddress: string | null | undefined): Caller {
  const tokenSet = configuredApiToken() !== undefined;
  const bearer = /^Bearer\s/i.test(authorization ?? "");
  const actor = !tokenSet ? "local" : bearer ? "api-token" : "signed-in browser";
  // Behind a reverse proxy this is the proxy's address.
  return { actor, clientIp: peerAddress || null };
}
