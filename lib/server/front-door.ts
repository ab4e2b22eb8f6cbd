import "server-only";
// The one way into Toolscope. server.ts hands every HTTP request here: pages, API routes, the
// call endpoint, event streams and Next's own assets. The request guard runs exactly once; the
// front door then answers what it owns (bad paths, unknown API routes, wrong methods, tool
// calls) in JSON with a stable code, and hands the rest to Next with the verified caller
// stamped on the request, so route handlers never decide who is asking.
import http from "node:http";
import { decide, pageAccess } from "@/lib/auth/authorize";
import { identify, localCaller } from "@/lib/auth/identify";
import { hiddenServerIds } from "@/lib/mcp/server-access";
import { authMode } from "@/lib/auth/mode";
import type { Caller } from "@/lib/domain/roles";
import { AppError } from "@/lib/errors";
import { allowedHostnames, guardRequest } from "@/lib/http/request-guard";
import { matchApiRoute, type Access, type Method } from "../http/api-routes";
import { serveAuth } from "./auth-endpoint";
import { serveCall, serveCancel, serveConsole } from "./call-endpoint";
import { CALLER_HEADER, encodeCaller } from "../http/caller-header";
import { bodyTooLarge, headerValue, sendError, sendJson } from "./node-http";
import { appConfig } from "@/lib/config/env";
import { sandboxState } from "@/lib/apps/sandbox-state";
import { CSP_HEADER, securityHeaders } from "@/lib/http/security-headers";
import { THEME_BOOTSTRAP_SCRIPT } from "@/lib/domain/theme";
import { isDraining } from "../draining";
import { serveMetrics, serveReadiness } from "./operator-endpoints";
import { REPLICA_HEADER, replicaName } from "./replica";
import { clientAddress } from "./client-address";
import { serveGateway } from "@/lib/gateway/gateway-http";
import { VIRTUAL_NAME } from "@/lib/domain/virtual-servers";
import { CLIENT_ADDRESS_HEADER } from "@/lib/auth/better-auth";
import { GATEWAY_PATH } from "@/lib/auth/agent-oauth";
import { gatewayChallenge } from "./gateway-challenge";
import { CORS_HEADERS, openToAnyOrigin, PREFLIGHT_HEADERS, serveDiscovery } from "./oauth-endpoints";

/**
 * Prometheus's scrape path, answered by the front door behind the API's auth (lib/metrics). It
 * counts everyone's calls on every server, hidden ones included: for those who read everyone's
 * audit records (auditors, admins, and their read-scoped tokens).
 */
const METRICS_PATH = "/metrics";
const METRICS_ACCESS: Access = "audit:payloads";
/**
 * Read by load balancers, orchestrators' probes and Prometheus at a replica's own address: any
 * Host is answered there once Toolscope is hosted (lib/http/request-guard.ts). /metrics still
 * asks for credentials.
 */
const OPERATOR_PATHS = new Set(["/api/health", "/api/ready", METRICS_PATH]);

/**
 * Toolscope's own MCP endpoint, for agents (lib/gateway), and its virtual servers at /mcp/{name}. Anyone who may read the catalog may
 * connect; what they may call is decided per tool, as for the person's own calls.
 */
const GATEWAY_ACCESS: Access = "catalog:read";
/** RFC 8615's discovery documents: the front door's, never Next's pages. */
const WELL_KNOWN = ".well-known";
function isGatewayPath(pathname: string): boolean {
  return (
    pathname === GATEWAY_PATH || (pathname.startsWith(`${GATEWAY_PATH}/`) && VIRTUAL_NAME.test(pathname.slice(GATEWAY_PATH.length + 1)))
  );
}

/** What a process that is shutting down still answers: metrics, and the API routes marked so (`whileDraining`). */
function servedWhileDraining(method: string, url: string): boolean {
  const path = parsePath(url);
  if (!path) return false;
  if (path.pathname === METRICS_PATH) return method === "GET";
  const route = path.segments[0] === "api" ? matchApiRoute(path.segments)?.route : undefined;
  return route?.whileDraining?.includes(method as Method) ?? false;
}

export type NextHandler = (request: http.IncomingMessage, response: http.ServerResponse) => Promise<void> | void;

export type FrontDoorOptions = {
  /** Extra Host names to answer besides loopback (TOOLSCOPE_ALLOWED_HOSTS). */
  allowedHosts?: string | undefined;
  /** Next's development server: its scripts need eval and a live-reload socket. */
  dev?: boolean;
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

type Admission =
  | { ok: true; caller: Caller; path: { pathname: string; segments: string[] } }
  | { ok: false; answer: (response: http.ServerResponse) => void };

function requestHeaders(request: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CALLER_HEADER) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/** The front door's own page: the app's language, its theme (the saved choice, else the system's), a main landmark. */
function refusedPage(status: 403 | 404, message: string): (response: http.ServerResponse) => void {
  const heading = status === 404 ? "Not found" : "No access";
  return (response) => {
    const nonce = /'nonce-([^']+)'/.exec(String(response.getHeader(CSP_HEADER) ?? ""))?.[1];
    const escaped = message.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
    const html = [
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${heading} · Toolscope</title>`,
      nonce ? `<script nonce="${nonce}">${THEME_BOOTSTRAP_SCRIPT}</script>` : "",
      `<style>:root{color-scheme:light;color:#3f3f46;background:#fff}:root.dark{color-scheme:dark;color:#d4d4d8;background:#09090b}`,
      `body{font:14px system-ui;margin:4rem auto;max-width:32rem;padding:0 1rem}a{color:#4f46e5}:root.dark a{color:#a5b4fc}</style></head>`,
      `<body><main><h1 style="font-size:18px">${heading}</h1><p>${escaped}</p><p><a href="/">Back to Toolscope</a></p></main></body></html>`,
    ].join("");
    response.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    response.end(html);
  };
}

/**
 * Guard, identify, authorize: the three steps every request takes, whatever serves it. `access`
 * is what the route or page asks of its caller (a route that does not exist asks nothing: its
 * 404 is answered whoever asks).
 */
export async function admit(
  request: http.IncomingMessage,
  response: http.ServerResponse | undefined,
  options: {
    allowedHosts: string[];
    method: string;
    url: string;
    access: (path: { pathname: string; segments: string[] }) => Access;
    /** A path pages on any origin may use (oauth-endpoints.ts). */
    anyOrigin?: boolean;
  },
): Promise<Admission> {
  const mode = await authMode();
  const verdict = guardRequest({
    method: options.method,
    headers: { get: (name) => headerValue(request, name) },
    peerAddress: request.socket.remoteAddress,
    allowedHosts: options.allowedHosts,
    localOnly: mode === "local",
    anyHost: (options.method === "GET" || options.method === "HEAD") && OPERATOR_PATHS.has(options.url.split("?")[0]!),
    anyOrigin: options.anyOrigin,
  });
  if (!verdict.ok)
    return { ok: false, answer: (r) => sendJson(r, verdict.status, { error: { code: verdict.code, message: verdict.message } }) };
  const path = parsePath(options.url);
  if (!path) return { ok: false, answer: (r) => sendError(r, new AppError("bad_request:path")) };
  const gateway = isGatewayPath(path.pathname);
  const isPage = path.segments[0] !== "api" && path.pathname !== METRICS_PATH && !gateway && path.segments[0] !== WELL_KNOWN;
  const toSignIn = (reason?: string) => (r: http.ServerResponse) => {
    const query = new URLSearchParams({ next: options.url, ...(reason ? { reason } : {}) });
    r.writeHead(302, { location: `/login?${query}`, "cache-control": "no-store" });
    r.end();
  };
  let identified;
  try {
    const clientIp = clientAddress(request);
    // Local mode asks nothing of the request (the guard has kept it to this machine): no headers to copy.
    identified =
      mode === "local"
        ? localCaller(clientIp)
        : await identify({
            headers: requestHeaders(request),
            clientIp,
            mode,
            // Agents' OAuth tokens are bound to this endpoint; a DPoP proof signs its public URL.
            gateway: gateway ? { method: options.method, url: `${appConfig().publicUrl}${path.pathname}` } : undefined,
          });
  } catch (error) {
    if (isPage && error instanceof AppError && error.status === 401) return { ok: false, answer: toSignIn(error.code) };
    return {
      ok: false,
      answer: (r) =>
        sendError(r, error, error instanceof AppError ? challengeFor(path.pathname, error, headerValue(request, "host")) : undefined),
    };
  }
  for (const cookie of identified.setCookies) response?.appendHeader("set-cookie", cookie);
  const decision = decide(options.access(path), identified.caller);
  if (!decision.ok) {
    const isRead = options.method === "GET" || options.method === "HEAD";
    if (isPage && isRead && decision.status === 401) return { ok: false, answer: toSignIn() };
    if (isPage && isRead) return { ok: false, answer: refusedPage(403, decision.message) };
    const challenge = decision.status === 401 ? challengeFor(path.pathname, decision, headerValue(request, "host")) : undefined;
    return {
      ok: false,
      answer: (r) => {
        for (const [name, value] of Object.entries(challenge ?? {})) r.setHeader(name, value);
        sendJson(r, decision.status, { error: { code: decision.code, message: decision.message } });
      },
    };
  }
  return { ok: true, caller: identified.caller, path };
}

/** An MCP client refused at the MCP endpoint is told how to authenticate (lib/server/gateway-challenge.ts). */
function challengeFor(
  pathname: string,
  refusal: { status: number; code?: string },
  host: string | null,
): Record<string, string> | undefined {
  return isGatewayPath(pathname) && refusal.status === 401 ? gatewayChallenge(refusal, host) : undefined;
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
    const method = (request.method ?? "GET").toUpperCase();
    response.setHeader(REPLICA_HEADER, replicaName());
    if (isDraining() && !servedWhileDraining(method, url))
      return sendError(response, new AppError("unavailable:draining"), { "retry-after": "1", connection: "close" });
    const https = (request.socket as { encrypted?: boolean }).encrypted === true || appConfig().publicUrl.startsWith("https:");
    // Toolscope's MCP endpoint answers like the API: JSON or event streams, never cached.
    const api = /^\/(?:api|mcp)(?:[/?#]|$)/.test(url);
    const sandboxOrigin = sandboxState.listening ? appConfig().sandbox.origin : undefined;
    const security = securityHeaders({ dev: options.dev ?? false, https, api, sandboxOrigin });
    for (const [name, value] of Object.entries(security)) response.setHeader(name, value);
    if (api) {
      // No cache keeps an API answer unless its route says otherwise; a route's own policy (the
      // icon route's sandbox, its caching) replaces the general one rather than joining it.
      response.setHeader("cache-control", "no-store");
      replaceOnAppend(response, CSP_HEADER);
      replaceOnAppend(response, "cache-control");
    }
    // Next reads a page's nonce from the request's CSP header and puts it on every script it renders.
    if (!api) request.headers[CSP_HEADER] = security[CSP_HEADER];
    const anyOrigin = openToAnyOrigin(url.split("?")[0]!);
    if (anyOrigin) {
      delete request.headers.cookie;
      for (const [name, value] of Object.entries(CORS_HEADERS)) response.setHeader(name, value);
    }
    let match: ReturnType<typeof matchApiRoute>;
    const admission = await admit(request, response, {
      allowedHosts,
      method,
      url,
      anyOrigin,
      access: ({ pathname, segments }) => {
        if (pathname === METRICS_PATH) return METRICS_ACCESS;
        // Discovery documents are for clients that have no credentials yet: answered (or 404) to anyone.
        if (segments[0] === WELL_KNOWN) return "public";
        if (isGatewayPath(pathname)) return GATEWAY_ACCESS;
        if (segments[0] !== "api") return pageAccess(pathname);
        match = matchApiRoute(segments);
        // Unknown routes and methods are answered below, whoever asks.
        return match?.route.access[(method === "HEAD" ? "GET" : method) as Method] ?? "public";
      },
    });
    if (!admission.ok) return admission.answer(response);
    const { caller, path } = admission;
    stampCaller(request, caller);
    // A server the caller may not use does not exist for them (lib/mcp/server-access.ts).
    const serverId = match?.params.serverId ?? (path.segments[0] === "servers" ? path.segments[1] : undefined);
    if (serverId && (await hiddenServerIds(caller)).has(serverId)) {
      if (path.segments[0] !== "api") return refusedPage(404, `There is no server "${serverId}".`)(response);
      return sendError(response, new AppError("not_found:server", `There is no server with id "${serverId}".`));
    }

    if (path.pathname === METRICS_PATH) {
      if (method !== "GET" && method !== "HEAD")
        return sendError(response, new AppError("method_not_allowed:route", `${METRICS_PATH} answers GET.`), { allow: "GET, HEAD" });
      return serveMetrics(request, response);
    }
    if (path.segments[0] === WELL_KNOWN) return serveDiscovery(request, response, method, path.pathname);
    if (isGatewayPath(path.pathname)) {
      const tooLarge = bodyRefusal(request, false);
      if (tooLarge) return sendError(response, tooLarge);
      return serveGateway(request, response, caller);
    }
    if (path.segments[0] !== "api") {
      if (path.segments[0] !== "_next") keepOutOfSharedCaches(response);
      return next(request, response);
    }
    if (!match) return sendError(response, new AppError("not_found:route"));
    const tooLarge = bodyRefusal(request, match.route.servedBy !== "front-door");
    if (tooLarge) return sendError(response, tooLarge);
    const allowed = match.route.methods.includes("GET") ? [...match.route.methods, "HEAD"] : [...match.route.methods];
    if (method === "OPTIONS") {
      response.writeHead(204, { allow: [...allowed, "OPTIONS"].join(", "), ...(anyOrigin ? PREFLIGHT_HEADERS : {}) });
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
    if (match.route.servedBy === "better-auth") return serveAuth(request, response);
    if (match.route.pattern === "/api/ready") return serveReadiness(response);
    if (method === "DELETE") return serveCancel(response, { auditId: match.params.auditId! }, caller);
    if (!match.params.toolName) return serveConsole(request, response, { serverId: match.params.serverId! }, caller);
    return serveCall(request, response, { serverId: match.params.serverId!, toolName: match.params.toolName! }, caller);
  }
}

/** Next copies a route's headers onto the answer with appendHeader; for `name`, the route's value replaces the front door's. */
function replaceOnAppend(response: http.ServerResponse, name: string): void {
  const appendHeader = response.appendHeader.bind(response);
  response.appendHeader = (header, value) =>
    header.toLowerCase() === name ? response.setHeader(header, value) : appendHeader(header, value);
}

const PRIVATE_CACHING = "private, no-cache, no-store, max-age=0, must-revalidate";

/**
 * Pages may show what only the signed-in person may see: no shared cache may keep them. Next
 * marks a page it rendered ahead of time `s-maxage=31536000`; that is replaced on the way out.
 * (Its hashed assets under /_next/static keep their long public caching.)
 */
function keepOutOfSharedCaches(response: http.ServerResponse): void {
  const shared = (value: unknown): boolean => /s-maxage|public/i.test(String(value));
  const setHeader = response.setHeader.bind(response);
  response.setHeader = (name, value) => setHeader(name, name.toLowerCase() === "cache-control" && shared(value) ? PRIVATE_CACHING : value);
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => http.ServerResponse;
  response.writeHead = ((...args: unknown[]) => {
    for (const arg of args) {
      if (arg && typeof arg === "object" && !Array.isArray(arg)) {
        const headers = arg as Record<string, unknown>;
        for (const key of Object.keys(headers))
          if (key.toLowerCase() === "cache-control" && shared(headers[key])) headers[key] = PRIVATE_CACHING;
      }
    }
    const current = response.getHeader("cache-control");
    if (current !== undefined && shared(current)) setHeader("cache-control", PRIVATE_CACHING);
    return writeHead(...args);
  }) as typeof response.writeHead;
}

/**
 * A body Toolscope will not read: declared larger than the limit, or of unknown length for a
 * route Next serves (Next reads a body whole before a handler could stop it; the front door's
 * own call endpoint counts as it reads).
 */
function bodyRefusal(request: http.IncomingMessage, readWhole: boolean): AppError | undefined {
  const limit = appConfig().limits.maxBodyBytes;
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > limit) return bodyTooLarge(declared, limit);
  if (request.headers["transfer-encoding"] && request.headers["content-length"] === undefined && readWhole)
    return new AppError("length_required:body");
  return undefined;
}

/** Route handlers read the caller from here; whatever a client sent under that name is replaced. */
export function stampCaller(request: http.IncomingMessage, caller: Caller): void {
  request.headers[CALLER_HEADER] = encodeCaller(caller);
  if (caller.clientIp) request.headers[CLIENT_ADDRESS_HEADER] = caller.clientIp;
  else delete request.headers[CLIENT_ADDRESS_HEADER];
}
