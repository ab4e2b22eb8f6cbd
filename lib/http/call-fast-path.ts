import "server-only";
// POST /api/servers/{id}/tools/{name}/call answered straight from Node's HTTP server.
// Next's request pipeline (router, proxy, route module, Web Request/Response) costs several
// milliseconds a request on a small machine, many times what the call itself adds; scripts
// that call tools in a loop pay it on every call. So a plain JSON call (not the streaming
// form) that the request guard lets through is taken before Next sees it and runs the same
// lib functions the route runs. Anything else, including every request the guard refuses,
// goes on to Next unchanged, which answers it exactly as before.
import http from "node:http";
import { configuredApiToken, knownSessionValue, SESSION_COOKIE } from "@/lib/auth/session-token";
import { AppError, errorBody } from "@/lib/errors";
import { invokeTool } from "@/lib/mcp/invoke";
import { CallToolBodySchema } from "./call-tool-body";
import { callerFrom } from "./caller";
import { parseJsonBody } from "./parse-body";
import { addRequestHook } from "./request-hooks";
import { allowedHostnames, guardRequest } from "./request-guard";

const CALL_PATH = /^\/api\/servers\/([^/?#]+)\/tools\/([^/?#]+)\/call$/;

export type ClaimedCall = { serverId: string; toolName: string };

export function installCallFastPath(): void {
  addRequestHook("call-fast-path", (request, response) => {
    const call = claimCall(request);
    if (call)
      answerCall(request, response, call).catch((error: unknown) => {
        console.error("[toolscope] answering a call failed:", error);
        response.destroy();
      });
    return call !== null;
  });
}

/** The call a request asks for, if the fast path should answer it; null sends it on to Next. */
export function claimCall(request: http.IncomingMessage): ClaimedCall | null {
  if (request.method !== "POST") return null;
  const url = request.url ?? "";
  const query = url.indexOf("?");
  const pathname = query === -1 ? url : url.slice(0, query);
  const match = CALL_PATH.exec(pathname);
  if (!match) return null;
  // Streamed calls (progress events) stay with the route, which streams them.
  if ((request.headers.accept ?? "").includes("text/event-stream")) return null;
  let call: ClaimedCall;
  try {
    call = { serverId: decodeURIComponent(match[1]!), toolName: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
  const apiToken = configuredApiToken();
  const expectedSession = apiToken ? knownSessionValue(apiToken) : undefined;
  // Until the session value is computed (once, at the first request), let Next's proxy decide.
  if (apiToken && expectedSession === undefined) return null;
  const verdict = guardRequest({
    method: "POST",
    pathname,
    headers: { get: (name) => headerValue(request, name) },
    allowedHosts: allowedHostnames(process.env.TOOLSCOPE_ALLOWED_HOSTS),
    apiToken,
    sessionCookie: cookieValue(request.headers.cookie, SESSION_COOKIE),
    expectedSession,
  });
  return verdict.ok ? call : null;
}

async function answerCall(request: http.IncomingMessage, response: http.ServerResponse, call: ClaimedCall): Promise<void> {
  // The caller hanging up cancels the call, as the route's request.signal does.
  const hangUp = new AbortController();
  response.on("close", () => {
    if (!response.writableFinished) hangUp.abort();
  });
  let status = 200;
  let body: unknown;
  try {
    const { arguments: args, _meta } = parseJsonBody(await readBody(request), CallToolBodySchema);
    body = await invokeTool({
      serverId: call.serverId,
      toolName: call.toolName,
      arguments: args,
      meta: _meta,
      caller: callerFrom(headerValue(request, "authorization"), request.socket.remoteAddress),
      signal: hangUp.signal,
    });
  } catch (error) {
    ({ status, body } = errorBody(error));
  }
  if (response.destroyed) return;
  const json = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(json) });
  response.end(json);
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of request) chunks.push(chunk as Buffer);
  } catch {
    throw new AppError("bad_request:body", "The request body could not be read.");
  }
  return Buffer.concat(chunks).toString("utf8");
}

function headerValue(request: http.IncomingMessage, name: string): string | null {
  const value = request.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
