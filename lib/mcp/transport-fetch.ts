import "server-only";
// The fetch the SDK's HTTP transports are given. Almost every request they make is the same
// shape: a POST of one JSON-RPC message as a string, redirects left to the SDK ("manual").
// Those go through Node's own http/https client with keep-alive, which costs about a quarter
// of a millisecond of CPU less per request than undici's fetch (bench/README: the SDK client
// is most of the CPU Toolscope spends on a tool call). Anything else (a Request object, a
// streamed body, redirects to follow) goes to the fetch Node ships, as before.
import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { processWide } from "@/lib/process-wide";

type PatchedFetch = typeof fetch & { _nextOriginalFetch?: typeof fetch };

/**
 * The fetch Node ships. Next replaces globalThis.fetch with a wrapper that traces and may
 * cache fetches made while a page renders; MCP messages must never be cached. Looked up per
 * call because Next may patch after this module loads.
 */
export const unpatchedFetch: typeof fetch = (input, init) => {
  const current = globalThis.fetch as PatchedFetch;
  return (current._nextOriginalFetch ?? current)(input, init);
};

type Agents = { "http:": http.Agent; "https:": https.Agent };

/** One keep-alive pool per process (each bundle of lib/ loads this module). */
function agents(): Agents {
  return processWide("transport-agents", () => ({
    "http:": new http.Agent({ keepAlive: true }),
    "https:": new https.Agent({ keepAlive: true }),
  }));
}

/** Statuses whose responses never have a body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function decoder(encoding: string | undefined): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined {
  switch (encoding?.trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return undefined;
  }
}

/** The body as sent. Node's client does not ask for compression; a server that compresses anyway is decoded. */
function decoded(response: http.IncomingMessage): Readable {
  const decode = decoder(response.headers["content-encoding"]);
  if (!decode) return response;
  response.once("error", (error) => decode.destroy(error));
  return response.pipe(decode);
}

function responseHeaders(response: http.IncomingMessage): Headers {
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

function requestHeaders(init: RequestInit, body: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of new Headers(init.headers)) headers[name] = value;
  if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
  return headers;
}

/** The fetch error undici would give, with the reason in the message rather than only in `cause`. */
function networkError(cause: unknown): TypeError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new TypeError(`fetch failed: ${detail}`, { cause });
}

/** A Buffer is a Uint8Array, which Response takes; the DOM typings only lack Buffer's ArrayBufferLike. */
function asBody(bytes: Buffer): BodyInit {
  return bytes as unknown as BodyInit;
}

function nodeFetch(url: URL, init: RequestInit, body: string | undefined): Promise<Response> {
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    let stream: Readable | undefined;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    const onAbort = () => {
      const reason: unknown = signal!.reason;
      request.destroy();
      stream?.destroy(reason instanceof Error ? reason : new Error(String(reason)));
      settle(() => reject(reason));
    };
    // The transport's own signal lives as long as the connection: the listener must not outlive
    // this request.
    const done = () => signal?.removeEventListener("abort", onAbort);
    const request = (url.protocol === "https:" ? https : http).request(
      url,
      { method: init.method ?? "GET", headers: requestHeaders(init, body), agent: agents()[url.protocol as keyof Agents] },
      (response) => {
        const status = response.statusCode ?? 0;
        const meta = { status, statusText: response.statusMessage ?? "", headers: responseHeaders(response) };
        if (NULL_BODY_STATUSES.has(status) || init.method?.toUpperCase() === "HEAD") {
          response.resume();
          response.once("close", done);
          settle(() => resolve(new Response(null, meta)));
          return;
        }
        stream = decoded(response);
        stream.once("close", done);
        if (/^\s*text\/event-stream/i.test(response.headers["content-type"] ?? "")) {
          // A stream of events for as long as the server keeps it open: handed over as it arrives.
          settle(() => resolve(new Response(Readable.toWeb(stream!) as ReadableStream<Uint8Array>, meta)));
          return;
        }
        // Anything else is one document, read whole before the SDK parses it.
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.once("end", () =>
          settle(() => resolve(new Response(asBody(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)), meta))),
        );
        stream.once("error", (error) => settle(() => reject(networkError(error))));
        stream.once("close", () => settle(() => reject(networkError(new Error("the connection closed before the response ended")))));
      },
    );
    request.once("error", (error) => {
      done();
      settle(() => reject(networkError(error)));
    });
    signal?.addEventListener("abort", onAbort, { once: true });
    request.end(body);
  });
}

function parsedUrl(input: Parameters<typeof fetch>[0]): URL | null {
  if (input instanceof URL) return input;
  if (typeof input !== "string") return null;
  try {
    return new URL(input);
  } catch {
    return null;
  }
}

export const transportFetch: typeof fetch = (input, init = {}) => {
  const url = parsedUrl(input);
  const body = init.body ?? undefined;
  const simple =
    url !== null &&
    (url.protocol === "http:" || url.protocol === "https:") &&
    (body === undefined || typeof body === "string") &&
    init.redirect === "manual";
  return simple ? nodeFetch(url, init, body) : unpatchedFetch(input, init);
};
