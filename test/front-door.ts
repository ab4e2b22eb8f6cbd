// Tests start Toolscope's real front door on a loopback port, with a stand-in for Next that
// answers 418 and says what it was handed (the caller the front door stamped).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createFrontDoor } from "@/lib/server/front-door";
import { createUpgradeDoor } from "@/lib/server/upgrade-door";
import { CALLER_HEADER } from "@/lib/http/caller-header";

export type TestFrontDoor = { base: string; server: http.Server; close: () => Promise<void> };

/** A loopback port free now, for a test whose configuration must name its front door's address before it starts. */
export async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function startFrontDoor(options: { allowedHosts?: string; port?: number; dev?: boolean } = {}): Promise<TestFrontDoor> {
  const standInForNext = (request: http.IncomingMessage, response: http.ServerResponse): void => {
    response.writeHead(418, { "content-type": "application/json" });
    response.end(JSON.stringify({ servedBy: "next", caller: JSON.parse(String(request.headers[CALLER_HEADER])) }));
  };
  const server = http.createServer(createFrontDoor(standInForNext, options));
  // Next's upgrade handler, stood in for: it answers 418 to an upgrade the guard let through.
  server.on(
    "upgrade",
    createUpgradeDoor((_request, socket) => void socket.end("HTTP/1.1 418 I'm a Teapot\r\ncontent-length: 0\r\n\r\n"), options),
  );
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type RawAnswer = { status: number; body: unknown; location: string | undefined };

/** A request whose path and headers go out exactly as written (fetch would resolve dot segments and set Host). */
export function sendRaw(base: string, method: string, target: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const request = http.request({ hostname, port, path: target, method, headers }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      response.on("end", () => {
        const json = response.headers["content-type"]?.startsWith("application/json");
        resolve({ status: response.statusCode!, body: json && text ? JSON.parse(text) : text, location: response.headers.location });
      });
    });
    request.on("error", reject);
    request.end(["POST", "PUT", "PATCH"].includes(method) ? "{}" : undefined);
  });
}
