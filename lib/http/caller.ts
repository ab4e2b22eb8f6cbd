import "server-only";
// Who made a request, as the audit log records it. The request guard has already checked
// any token or session by the time a route runs, so here it only matters which one came.
import type { Caller } from "@/lib/mcp/types";

export function callerOf(request: Request): Caller {
  const tokenSet = Boolean(process.env.TOOLSCOPE_API_TOKEN);
  const bearer = /^Bearer\s/i.test(request.headers.get("authorization") ?? "");
  const actor = !tokenSet ? "local" : bearer ? "api-token" : "signed-in browser";
  // Next's server sets x-forwarded-for from the socket; a proxy in front prepends the client.
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return { actor, clientIp: forwarded || request.headers.get("x-real-ip") || null };
}
