import "server-only";
// OAuth's endpoints for clients that have no session with Toolscope (discovery, registration,
// token, revocation, keys) answer web pages on any origin, without credentials (CORS), as OAuth
// 2.1 asks of an authorization server that serves browser-based clients: the MCP Inspector, for
// one, authorizes from the browser. They take no cookies: the front door drops any before they
// run, so a page cannot act with the person's session through them. Everything else keeps the
// same-origin rule (lib/http/request-guard.ts), the consent and authorization steps included.
import type http from "node:http";
import { agentOAuthAvailable, isOAuthMetadataPath } from "@/lib/auth/agent-oauth";
import { AppError } from "@/lib/errors";
import { serveAuth } from "./auth-endpoint";
import { sendError } from "./node-http";

const OPEN_ENDPOINTS = new Set(["/api/auth/oauth2/register", "/api/auth/oauth2/token", "/api/auth/oauth2/revoke", "/api/auth/jwks"]);

/** Whether a page on any origin may use this path: one of OAuth's credential-less endpoints, while agents may use OAuth. */
export function openToAnyOrigin(pathname: string): boolean {
  return (OPEN_ENDPOINTS.has(pathname) || isOAuthMetadataPath(pathname)) && agentOAuthAvailable();
}

/** On every answer of such a path: any origin may read it (no credentials), and the headers a client acts on. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "www-authenticate, dpop-nonce",
};

/** The answer to a preflight: what such a client sends (a bearer or DPoP proof, JSON or a form). */
export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-allow-headers": "authorization, content-type, dpop",
  "access-control-max-age": "600",
};

/** `/.well-known/*`: OAuth's metadata while agents may use it; any other is a 404 in JSON, not a page that asks to sign in. */
export async function serveDiscovery(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  method: string,
  pathname: string,
): Promise<void> {
  if (!isOAuthMetadataPath(pathname) || !agentOAuthAvailable()) return sendError(response, new AppError("not_found:route"));
  if (method === "OPTIONS") {
    response.writeHead(204, { allow: "GET, HEAD, OPTIONS", ...PREFLIGHT_HEADERS });
    response.end();
    return;
  }
  if (method !== "GET" && method !== "HEAD")
    return sendError(response, new AppError("method_not_allowed:route", `${pathname} answers GET.`), { allow: "GET, HEAD" });
  return serveAuth(request, response);
}
