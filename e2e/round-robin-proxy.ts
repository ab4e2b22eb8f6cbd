// A load balancer made in a test: one address in front of several Toolscope replicas, each
// request to the next replica in turn (no sticky sessions), streams piped as they come (server-
// sent events). Like any load balancer it tries the next replica when one refuses the
// connection (it has stopped listening) or answers 503 "unavailable:draining" (it is shutting
// down and did nothing with the request). A test may pin the requests whose path matches a
// pattern to one replica, to send two halves of a conversation to two different replicas.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Backend = { name: string; url: string };

export type RoundRobinProxy = {
  url: string;
  /** Sends requests whose path matches `pattern` to the named replica, or stops doing so (undefined). */
  pin: (pattern: RegExp, name: string | undefined) => void;
  /** Requests answered, by replica name (the X-Toolscope-Replica header). */
  answeredBy: Map<string, number>;
  close: () => Promise<void>;
};

const DRAINING = "unavailable:draining";

export async function startRoundRobinProxy(backends: Backend[], port = 0): Promise<RoundRobinProxy> {
  let turn = 0;
  const pins = new Map<string, { pattern: RegExp; name: string }>();
  const answeredBy = new Map<string, number>();

  const order = (path: string): Backend[] => {
    const pinned = [...pins.values()].find((pin) => pin.pattern.test(path));
    const first = pinned ? backends.findIndex((b) => b.name === pinned.name) : turn++ % backends.length;
    return backends.map((_b, i) => backends[(first + i) % backends.length]!);
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => void forward(request, response, Buffer.concat(chunks)));
  });

  async function forward(request: http.IncomingMessage, response: http.ServerResponse, body: Buffer): Promise<void> {
    const candidates = order(request.url ?? "/");
    // Every replica, twice over (a restart in progress), a little apart.
    for (let attempt = 0; attempt < candidates.length * 2; attempt++) {
      if (response.destroyed) return;
      const backend = candidates[attempt % candidates.length]!;
      const outcome = await tryBackend(backend, request, response, body);
      if (outcome === "answered") return;
      if (attempt % candidates.length === candidates.length - 1) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (!response.headersSent) response.writeHead(502, { "content-type": "application/json" });
    response.end(JSON.stringify({ error: { code: "bad_gateway", message: "no replica answered" } }));
  }

  function tryBackend(
    backend: Backend,
    request: http.IncomingMessage,
    response: http.ServerResponse,
    body: Buffer,
  ): Promise<"answered" | "next"> {
    return new Promise((resolve) => {
      const upstream = http.request(
        new URL(request.url ?? "/", backend.url),
        // No keep-alive: a replica that stops closes its connections, and no request waits on a dead one.
        { method: request.method, headers: { ...request.headers, "x-forwarded-for": "127.0.0.1" }, agent: false },
        (answer) => {
          if (answer.statusCode === 503) {
            // A draining replica did nothing with the request: another one takes it.
            const parts: Buffer[] = [];
            answer.on("data", (chunk: Buffer) => parts.push(chunk));
            answer.on("end", () => {
              const text = Buffer.concat(parts).toString("utf8");
              if (text.includes(DRAINING)) return resolve("next");
              response.writeHead(503, answer.headers);
              response.end(text);
              resolve("answered");
            });
            return;
          }
          const name = String(answer.headers["x-toolscope-replica"] ?? backend.name);
          answeredBy.set(name, (answeredBy.get(name) ?? 0) + 1);
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          response.on("close", () => answer.destroy());
          resolve("answered");
        },
      );
      upstream.on("error", () => {
        // Refused or reset before an answer began: the next replica. After: the client sees it cut.
        if (!response.headersSent) resolve("next");
        else response.destroy();
      });
      response.on("close", () => {
        if (!response.writableFinished) upstream.destroy();
      });
      upstream.end(body);
    });
  }

  // Node closes an idle keep-alive connection after 5 s, and a replica that reuses it at that
  // moment sees its call fail (a transport error, once in a rolling restart under load): keep them
  // as test/oauth-mcp-fixture.ts does.
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 121_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    pin: (pattern, name) => {
      if (name === undefined) pins.delete(pattern.source);
      else pins.set(pattern.source, { pattern, name });
    },
    answeredBy,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
