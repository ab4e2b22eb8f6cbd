import "server-only";
// POST /api/servers/{id}/tools/{name}/call, DELETE /api/calls/{auditId} and the RPC console's
// POST /api/servers/{id}/rpc, served by the front door on Node's own request and response
// (Next's request pipeline costs several milliseconds a request on a small machine, many times
// what a call adds; a script walking 100 pages of tools/list through the console pays it 100
// times). A call answers JSON by default; with `Accept: text/event-stream` it streams `started` (the audit id, for Cancel), `progress`,
// `input` (a server's request for input) and then one `result`. Either way the call goes
// through runCall, and the caller hanging up cancels it on the server.
import type http from "node:http";
import type { EchoRedactor } from "@/lib/domain/redact-echoes";
import { rawRpc, RawRpcSchema } from "@/lib/calls/console";
import { can } from "@/lib/domain/roles";
import { cancelAnywhere, ownerOf } from "@/lib/calls/in-flight";
import { runCall } from "@/lib/calls/run-call";
import { AppError, errorBody } from "@/lib/errors";
import { parseJsonBody } from "@/lib/http/parse-body";
import { SSE_HEADERS, SSE_KEEPALIVE, SSE_KEEPALIVE_MS, sseEvent } from "@/lib/http/sse";
import type { Caller } from "@/lib/domain/mcp-types";
import { withInteractor } from "@/lib/mcp/user-input";
import { openEventStream } from "@/lib/metrics/metrics";
import { inSpan, SpanKind } from "@/lib/telemetry/tracing";
import { CallToolBodySchema } from "./call-tool-body";
import { headerValue, readBody, sendError, sendJson } from "./node-http";

function wantsEventStream(request: http.IncomingMessage): boolean {
  return (headerValue(request, "accept") ?? "").split(",").some((type) => type.trim().split(";")[0] === "text/event-stream");
}

export function serveCall(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  params: { serverId: string; toolName: string },
  caller: Caller,
): Promise<void> {
  // The request's span continues the caller's trace (W3C traceparent), when traces are exported.
  const attributes = {
    "http.request.method": "POST",
    "http.route": "/api/servers/{serverId}/tools/{toolName}/call",
    "url.path": request.url ?? "",
  };
  return inSpan(
    "POST /api/servers/{serverId}/tools/{toolName}/call",
    { kind: SpanKind.SERVER, attributes, parent: request.headers },
    async (span) => {
      await answerCall(request, response, params, caller);
      span.setAttribute("http.response.status_code", response.statusCode);
    },
  );
}

async function answerCall(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  params: { serverId: string; toolName: string },
  caller: Caller,
): Promise<void> {
  const hangUp = hangUpSignal(response);
  let body;
  try {
    body = parseJsonBody(await readBody(request), CallToolBodySchema);
  } catch (error) {
    sendError(response, error);
    return;
  }
  const call = {
    serverId: params.serverId,
    toolName: params.toolName,
    arguments: body.arguments,
    meta: body._meta,
    reason: body.reason,
    via: body.via && ({ kind: "app", tool: body.via.app } as const),
    caller,
  };
  if (!wantsEventStream(request)) {
    try {
      sendJson(response, 200, await runCall({ ...call, signal: hangUp }));
    } catch (error) {
      sendError(response, error);
    }
    return;
  }
  const stream = eventStream(response);
  // A server's request for input is redacted like its answer: it may quote a secret it was given,
  // and a model's draft of the answer may repeat it.
  let echoes: EchoRedactor | undefined;
  try {
    const result = await withInteractor(
      params.serverId,
      (input) =>
        stream.send(
          "input",
          echoes ? { ...input, params: echoes.value(input.params), ...(input.draft && { draft: echoes.value(input.draft) }) } : input,
        ),
      () =>
        runCall({
          ...call,
          signal: hangUp,
          onStarted: (auditId, redactor) => {
            echoes = redactor;
            stream.send("started", { auditId });
          },
          onprogress: (progress) => stream.send("progress", progress),
        }),
      caller.userId,
      ownerOf(caller),
      caller,
    );
    stream.send("result", result);
  } catch (error) {
    // Refused before the call started (no such server, arguments it cannot take): a plain
    // JSON error when nothing has been streamed yet, else an `error` event.
    if (!stream.started) sendError(response, error);
    else stream.send("error", errorBody(error).body.error);
  } finally {
    stream.close();
  }
}

export async function serveConsole(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  params: { serverId: string },
  caller: Caller,
): Promise<void> {
  const hangUp = hangUpSignal(response);
  try {
    const input = parseJsonBody(await readBody(request), RawRpcSchema);
    sendJson(response, 200, await rawRpc(params.serverId, input, caller, hangUp));
  } catch (error) {
    sendError(response, error);
  }
}

export async function serveCancel(response: http.ServerResponse, params: { auditId: string }, caller: Caller): Promise<void> {
  try {
    if (!(await cancelAnywhere(params.auditId, { owner: ownerOf(caller), isAdmin: can(caller, "people:manage") })))
      sendError(response, new AppError("not_found:call"));
    else sendJson(response, 200, { cancelled: params.auditId });
  } catch (error) {
    sendError(response, error);
  }
}

/** Aborted when the caller closes the connection before the answer is finished: the call is then cancelled. */
function hangUpSignal(response: http.ServerResponse): AbortSignal {
  const hangUp = new AbortController();
  response.on("close", () => {
    if (!response.writableFinished) hangUp.abort();
  });
  return hangUp.signal;
}

/** Server-sent events, whose headers go out with the first event. */
function eventStream(response: http.ServerResponse): { send: (event: string, data: unknown) => void; close: () => void; started: boolean } {
  let keepalive: NodeJS.Timeout | undefined;
  let uncount = (): void => undefined;
  const stream = {
    started: false,
    send(event: string, data: unknown): void {
      if (response.destroyed || response.writableEnded) return;
      if (!stream.started) {
        stream.started = true;
        uncount = openEventStream("call");
        response.once("close", () => uncount());
        response.writeHead(200, SSE_HEADERS);
        keepalive = setInterval(() => response.write(SSE_KEEPALIVE), SSE_KEEPALIVE_MS);
        keepalive.unref();
      }
      response.write(sseEvent(event, data));
    },
    close(): void {
      clearInterval(keepalive);
      uncount();
      if (stream.started && !response.writableEnded) response.end();
    },
  };
  return stream;
}
