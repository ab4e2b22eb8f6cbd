import "server-only";
// The one way into Toolscope. server.ts hands every HTTP request here: pages, API routes, the
// call endpoint, event streams and Next's own assets. The request guard runs exactly once; the
// front door then answers what it owns (bad paths, unknown API routes, wrong methods, tool
// calls) in JSON with a stable code, and hands the rest to Next with the verified caller
// stamped on the request, so route handlers never decide who is asking.
import type http from "node:http";
import { configuredApiToken, SESSION_COOKIE } from "@/lib/auth/session-token";
import { AppError } from "@/lib/errors";
import { allowedHostnames, guardRequest } from "@/lib/http/request-guard";
import type { Caller } from "@/lib/mcp/types";
import { matchApiRoute } from "./api-routes";
import { serveCall, serveCancel } from "./call-endpoint";
import { CALLER_HEADER } from "./caller-header";
import { cookieValue, headerValue, sendError, sendJson } from "./node-http";

export type NextHandler = (request: http.IncomingMessage, response: http.ServerResponse) => Promise<void> | void;

export type FrontDoorOptions = {
  /** Extra Host names to answer besides loopback (TOOLSCOPE_ALLOWED_HOSTS). */
  allowedHosts?: string | undefined;
};

/** The request's path segments, percent-decoded; undefined when the encoding is malformed. */
function decodeSegments(pathname: string): string[] | undefined {
  try {
    return pathname.split("/").slice(1).map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

export function createFrontDoor(next: NextHandler, options: FrontDoorOptions = {}): http.RequestListener {
  const allowedHosts = allowedHostnames(options.allowedHosts);
  return (request, response) => {
    serve(request, response).catch((error: unknown) => {
      console.error("[toolscope] answering a request failed:", error);
      if (!response.headersSent) sendError(response, error);
      else response.destroy();
    });
  };

  async function serve(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = request.url ?? "/";
    const query = url.indexOf("?");
    const pathname = query === -1 ? url : url.slice(0, query);
    const method = (request.method ?? "GET").toUpperCase();
    const segments = decodeSegments(pathname);
    if (!segments) return sendError(response, new AppError("bad_request:path"));

    const verdict = guardRequest({
      method,
      pathname,
      headers: { get: (name) => headerValue(request, name) },
      peerAddress: request.socket.remoteAddress,
      allowedHosts,
      apiToken: configuredApiToken(),
      sessionCookie: cookieValue(request, SESSION_COOKIE),
      returnTo: url,
    });
    if (!verdict.ok) {
      if (verdict.status === 302) {
        response.writeHead(302, { location: verdict.location, "cache-control": "no-store" });
        response.end();
        return;
      }
      return sendJson(response, verdict.status, { error: { code: verdict.code, message: verdict.message } });
    }
    stampCaller(request, verdict.caller);

    if (segments[0] !== "api") return next(request, response);
    const match = matchApiRoute(segments);
    if (!match) return sendError(response, new AppError("not_found:route"));
    const allowed = match.route.methods.includes("GET") ? [...match.route.methods, "HEAD"] : [...match.route.methods];
    if (method === "OPTIONS") {
      response.writeHead(204, { allow: [...allowed, "OPTIONS"].join(", ") });
      response.end();
      return;
    }
    if (!allowed.includes(method)) {
      return sendError(
        response,
        new AppError("method_not_allowed:route", `${match.route.pattern} answers ${match.route.methods.join(", ")}, not ${method}.`),
        { allow: [...allowed, "OPTIONS"].join(", ") },
      );
    }
    if (match.route.servedBy === "next") return next(request, response);
    if (method === "DELETE") return serveCancel(response, { auditId: match.params.auditId! });
    return serveCall(request, response, { serverId: match.params.serverId!, toolName: match.params.toolName! }, verdict.caller);
  }
}

/** Route handlers read the caller from here; whatever a client sent under that name is replaced. */
function stampCaller(request: http.IncomingMessage, caller: Caller): void {
  request.headers[CALLER_HEADER] = JSON.stringify(caller);
}
