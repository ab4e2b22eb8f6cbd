// The guarded fetch against a real HTTP server on loopback: what the SDK relies on from
// fetch (status, headers, a streamed event body, aborts, errors, redirects) must hold, as
// on a developer's machine, where loopback is allowed. What it refuses is in
// outbound-guard.test.ts.
import { getEventListeners } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGuardedFetch } from "./guarded-fetch";
import { outboundPolicy } from "./outbound-policy";

const transportFetch = createGuardedFetch({ policy: () => outboundPolicy("local") });

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

let server: http.Server;
let base: string;
const seen: Seen[] = [];
const closedRequests: string[] = [];
let releaseStream: (() => void) | undefined;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      const path = request.url!;
      response.on("close", () => closedRequests.push(path));
      if (path === "/json") {
        response.writeHead(200, "Fine", [
          ["content-type", "application/json"],
          ["x-twice", "a"],
          ["x-twice", "b"],
        ]);
        response.end(JSON.stringify({ echoed: body }));
      } else if (path === "/gzip") {
        response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
        response.end(zlib.gzipSync(JSON.stringify({ compressed: true })));
      } else if (path === "/accepted") {
        response.writeHead(202);
        response.end();
      } else if (path === "/no-content") {
        response.writeHead(204);
        response.end();
      } else if (path === "/moved") {
        response.writeHead(307, { location: "/json" });
        response.end();
      } else if (path === "/events") {
        response.writeHead(200, { "content-type": "text/event-stream" });
        response.write("data: first\n\n");
        releaseStream = () => response.end("data: second\n\n");
      } else if (path === "/hang") {
        response.writeHead(200, { "content-type": "text/event-stream" });
        response.write(": open\n\n");
      } else if (path === "/cut") {
        response.writeHead(200, { "content-type": "application/json", "content-length": "100" });
        response.write('{"partial":');
        setTimeout(() => response.destroy(), 20);
      } else if (path === "/big") {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ text: "x".repeat(2 * 1024 * 1024) }));
      } else if (path === "/big-declared") {
        response.writeHead(200, { "content-type": "application/json", "content-length": String(3 * 1024 * 1024) });
        response.write("{");
      } else if (path === "/big-event") {
        response.writeHead(200, { "content-type": "text/event-stream" });
        response.write("data: small\n\n");
        for (let i = 0; i < 32; i++) response.write(`data: ${"y".repeat(64 * 1024)}`);
        response.end("\n\n");
      } else if (path === "/many-events") {
        response.writeHead(200, { "content-type": "text/event-stream" });
        for (let i = 0; i < 64; i++) response.write(`data: ${"z".repeat(64 * 1024)}\n\n`);
        response.end();
      } else if (path === "/slow") {
        // Answers after the client has gone; the test only needs the request to be in flight.
        setTimeout(() => response.end("late"), 5_000).unref();
      } else {
        response.writeHead(404);
        response.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  transportFetch.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const post = (path: string, init: RequestInit = {}) =>
  transportFetch(new URL(path, base), { method: "POST", body: '{"jsonrpc":"2.0"}', redirect: "manual", ...init });

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("transportFetch", () => {
  it("sends the method, headers and body, and answers with status, status text, headers and body", async () => {
    const response = await post("/json", {
      headers: new Headers({ "content-type": "application/json", "mcp-protocol-version": "2026-07-28" }),
    });
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.statusText).toBe("Fine");
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("x-twice")).toBe("a, b");
    expect(await response.json()).toEqual({ echoed: '{"jsonrpc":"2.0"}' });
    const request = seen.at(-1)!;
    expect(request.method).toBe("POST");
    expect(request.headers["mcp-protocol-version"]).toBe("2026-07-28");
    expect(request.headers["content-length"]).toBe(String(Buffer.byteLength('{"jsonrpc":"2.0"}')));
  });

  it("decodes a body the server compressed", async () => {
    expect(await (await post("/gzip")).json()).toEqual({ compressed: true });
  });

  it("answers 202 and 204 without a body", async () => {
    const accepted = await post("/accepted");
    expect(accepted.status).toBe(202);
    expect(await accepted.text()).toBe("");
    const empty = await post("/no-content");
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it("hands over an event stream as it arrives, not when it ends", async () => {
    const response = await transportFetch(new URL("/events", base), { method: "GET", redirect: "manual" });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("data: first\n\n");
    releaseStream!();
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe("data: second\n\n");
  });

  it("returns a redirect as it is when asked not to follow it (the SDK decides)", async () => {
    const response = await post("/moved");
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe("/json");
  });

  it("follows a redirect when not told otherwise, keeping a 307's method and body", async () => {
    const response = await transportFetch(new URL("/moved", base), { method: "POST", body: "{}" });
    expect(response.status).toBe(200);
    expect(response.url).toBe(new URL("/json", base).href);
    expect(await response.json()).toEqual({ echoed: "{}" });
  });

  it("sends form-encoded and byte bodies, and Request objects", async () => {
    await transportFetch(new URL("/json", base), { method: "POST", body: new URLSearchParams({ a: "1 2" }) });
    expect(seen.at(-1)).toMatchObject({ body: "a=1+2", headers: { "content-type": "application/x-www-form-urlencoded;charset=UTF-8" } });
    await transportFetch(new URL("/json", base), { method: "POST", body: new TextEncoder().encode("bytes") });
    expect(seen.at(-1)!.body).toBe("bytes");
    const response = await transportFetch(new Request(new URL("/json", base), { method: "POST", body: "req", headers: { "x-a": "b" } }));
    expect(await response.json()).toEqual({ echoed: "req" });
    expect(seen.at(-1)!.headers["x-a"]).toBe("b");
  });

  it("holds at most maxResponseBytes of one answer: a document or one event", async () => {
    const capped = createGuardedFetch({ policy: () => outboundPolicy("local"), maxResponseBytes: 1024 * 1024 });
    try {
      await expect(capped(new URL("/big", base), { method: "POST", body: "{}" })).rejects.toThrow(
        /fetch failed: the server's answer is larger than 1 MB.*TOOLSCOPE_MAX_RESULT_BYTES/,
      );
      await expect(capped(new URL("/big-declared", base))).rejects.toThrow(/larger than 1 MB/);
      const oneBigEvent = await capped(new URL("/big-event", base));
      await expect(readAll(oneBigEvent.body!)).rejects.toThrow(/larger than 1 MB/);
      // Many events, each under the limit, however long the stream.
      const manyEvents = await capped(new URL("/many-events", base));
      expect((await readAll(manyEvents.body!)).length).toBeGreaterThan(4 * 1024 * 1024);
      expect(await (await capped(new URL("/json", base), { method: "POST", body: "{}" })).json()).toEqual({ echoed: "{}" });
    } finally {
      capped.close();
    }
  });

  it("rejects with the abort reason when the request is aborted before the answer, and drops the connection", async () => {
    const controller = new AbortController();
    const pending = post("/slow", { signal: controller.signal });
    await expect.poll(() => seen.some((request) => request.url === "/slow")).toBe(true);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    await expect.poll(() => closedRequests.includes("/slow")).toBe(true);
  });

  it("rejects at once when the signal is already aborted", async () => {
    const before = seen.length;
    await expect(post("/json", { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
    expect(seen.length).toBe(before);
  });

  it("errors an event stream that is aborted while it is read", async () => {
    const controller = new AbortController();
    const response = await transportFetch(new URL("/hang", base), { method: "GET", redirect: "manual", signal: controller.signal });
    const reading = readAll(response.body!);
    controller.abort();
    await expect(reading).rejects.toBeDefined();
  });

  it("fails with the network error in its message when nothing listens", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const failure = transportFetch(new URL(`http://127.0.0.1:${port}/mcp`), { method: "POST", body: "{}", redirect: "manual" });
    await expect(failure).rejects.toThrow(TypeError);
    await expect(failure).rejects.toThrow(/fetch failed: connect ECONNREFUSED/);
  });

  it("fails when the connection closes before the body ends", async () => {
    await expect(post("/cut")).rejects.toThrow(/fetch failed/);
  });

  it("leaves no listener on a long-lived signal once its requests are done", async () => {
    const connection = new AbortController();
    for (let i = 0; i < 20; i++) await (await post("/json", { signal: connection.signal })).text();
    await post("/no-content", { signal: connection.signal });
    await expect(post("/cut", { signal: connection.signal })).rejects.toThrow();
    const stream = await transportFetch(new URL("/events", base), { method: "GET", redirect: "manual", signal: connection.signal });
    releaseStream!();
    await readAll(stream.body!);
    await expect.poll(() => getEventListeners(connection.signal, "abort").length).toBe(0);
  });
});
