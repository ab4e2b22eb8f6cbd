import "server-only";
// Who made a request, as the audit log records it. The request guard has already checked
// any token or session by the time a route runs, so here it only matters which one came.
import { configuredApiToken } from "@/lib/auth/session-token";
import type { Caller } from "@/lib/mcp/types";
import { PEER_HEADER } from "./peer-address";

export function callerOf(request: Request): Caller {
  const tokenSet = configuredApiToken() !== undefined;
  const bearer = /^Bearer\s/i.test(request.headers.get("authorization") ?? "");
  const actor = !tokenSet ? "local" : bearer ? "api-token" : "signed-in browser";
  // The socket's address, stamped by the HTTP server (never a header the client chose).
  // Behind a reverse proxy this is the proxy's address.
  return { actor, clientIp: request.headers.get(PEER_HEADER) || null };
}
