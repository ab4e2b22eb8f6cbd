import "server-only";
// The one way into Toolscope. server.ts hands every HTTP request here: pages, API routes, the
// call endpoint, event streams and Next's own assets. The request guard runs exactly once; the
// front door then answers what it owns (bad paths, unknown API routes, wrong methods, tool
// calls) in JSON with a stable code, and hands the rest to Next with the verified caller
// stamped on the request, so route handlers never decide who is asking.
import http from "node:http";
import type { Duplex } from "node:stream";
import { configuredApiToken, SESSION_COOKIE } from "@/lib/auth/session-token";
import { AppError } from "@/lib/errors";
import { allowedHostnames, guardRequest, type GuardVerdict } from "@/lib/http/request-guard";
import type { Caller } from "@/lib/mcp/types";
import { matchApiRoute } from "./api-routes";
import { serveCall, serveCancel, serveConsole } from "./call-endpoint";
import { CALLER_HEADER } from "./caller-header";
import { cookieValue, headerValue, sendError, sendJson } from "./node-http";

export type NextHandler = (request: http.IncomingMessage, response: http.ServerResponse) => Promise<void> | void;
export type UpgradeHandler = (request: http.IncomingMessage, socket: Duplex, head: Buffer) => Promise<void> | void;

export type FrontDoorOptions = {
  /** Extra Host names to answer besides loopback (TOOLSCOPE_ALLOWED_HOSTS). */
  allowedHosts?: string | undefined;
};

/**
 * The request's path and its percent-decoded segments, or undefined when the path is not one
 * Toolscope serves as written: malformed percent-encoding, or a path that a URL parser would
 * rewrite (dot segments, `%2e`, backslashes, an absolute-form URL). Next resolves such a path
 * before routing, so a guard that judged the path as written would judge another request
 * than the one served (`/_next/static/../../api/servers` is `/api/servers` to Next).
 */
function parsePath(url: string): { pathname: string; segments: string[] } | undefined {
  const query = url.indexOf("?");
  const pathname = query === -1 ? url : url.slice(0, query);
  if (!pathname.startsWith("/") || pathname.startsWith("//")) return undefined;
  let resolved: string;
  try {
    resolved = new URL(pathname, "http://toolscope.invalid").pathname;
  } catch {
    return undefined;
  }
  if (resolved !== pathname) return undefined;
  try {
    return { pathname, segments: pathname.split("/").slice(1).map(decodeURIComponent) };
  } catch {
    return undefined;
  }
}

type Guard = (request: http.IncomingMessage, method: string, pathname: string, returnTo: string) => GuardVerdict;

function guardWith(options: FrontDoorOptions): Guard {
  const allowedHosts = allowedHostnames(options.allowedHosts);
  return (request, method, pathname, returnTo) =>
    guardRequest({
      method,
      pathname,
      headers: { get: (name) => headerValue(request, name) },
      peerAddress: request.socket.remoteAddress,
      allowedHosts,
      apiToken: configuredApiToken(),
      sessionCookie: cookieValue(request, SESSION_COOKIE),
      returnTo,
    });
}

/**
 * The front door for connection upgrades (WebSocket: Next's live reload in development): the
 * same guard, then Next's upgrade handler; a refused upgrade gets a plain HTTP answer and the
 * socket is closed.
 */
export function createUpgradeDoor(
  upgrade: UpgradeHandler,
  options: FrontDoorOptions = {},
): (request: http.IncomingMessage, socket: Duplex, head: Buffer) => void {
  const guard = guardWith(options);
  return (request, socket, head) => {
    const path = parsePath(request.url ?? "/");
    const verdict = guard(request, "GET", path?.pathname ?? "/", request.url ?? "/");
    if (!verdict.ok || !path) {
      const status = verdict.ok ? 400 : verdict.status === 302 ? 401 : verdict.status;
      socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
      return;
    }
    stampCaller(request, verdict.caller);
    Promise.resolve(upgrade(request, socket, head)).catch(() => socket.destroy());
  };
}

export function createFrontDoor(next: NextHandler, options: FrontDoorOptions = {}): http.RequestListener {
  const guard = guardWith(options);

  return (request, response) => {
    serve(request, response).catch((error: unknown) => {
      console.error("[toolscope] answering a request failed:", error);
      if (!response.headersSent) sendError(response, error);
      else response.destroy();
    });
  };

  async function serve(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = request.url ?? "/";
    const method = (request.method ?? "GET").toUpperCase();
    const path = parsePath(url);
    const verdict = guard(request, method, path?.pathname ?? "/", url);
    if (verdict.ok && !path) return sendError(response, new AppError("bad_request:path"));
    if (!verdict.ok) {
      if (verdict.status === 302) {
        response.writeHead(302, { location: verdict.location, "cache-control": "no-store" });
        response.end();
        return;
      }
      return sendJson(response, verdict.status, { error: { code: verdict.code, message: verdict.message } });
    }
    stampCaller(request, verdict.caller);
    const { segments } = path!;

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
    if (!match.params.toolName) return serveConsole(request, response, { serverId: match.params.serverId! }, verdict.caller);
    return serveCall(request, response, { serverId: match.params.serverId!, toolName: match.params.toolName! }, verdict.caller);
  }
}

/** Route handlers read the caller from here; whatever a client sent under that name is replaced. */
function stampCaller(request: http.IncomingMessage, caller: Caller): void {
  request.headers[CALLER_HEADER] = JSON.stringify(caller);
}
