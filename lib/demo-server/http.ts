// Serves the demo server over Streamable HTTP on loopback: 2026-07-28 requests through the
// SDK's per-request handler, 2025-era clients through sessionful transports so that they
// too receive list_changed and other server-to-client messages on their GET stream.
import { randomUUID } from "node:crypto";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  isLegacyRequest,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { DemoCatalog, type DemoCatalogOptions } from "./catalog";
import { createDemoServer } from "./server";
import { CLOCK_URI, onClockTick } from "./clock";

export type DemoHttpServer = { url: string; port: number; close: () => Promise<void> };

function jsonRpcError(status: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", id: null, error: { code: -32000, message } }, { status });
}

export async function startDemoHttpServer(options: DemoCatalogOptions & { port?: number; host?: string } = {}): Promise<DemoHttpServer> {
  const catalog = new DemoCatalog(options);
  const modern = createMcpHandler(() => createDemoServer(catalog), { legacy: "reject" });
  const stops = [
    catalog.onChange(() => {
      modern.notify.toolsChanged();
      modern.notify.resourcesChanged();
      modern.notify.promptsChanged();
    }),
    // Each tick goes to the listen streams that named the clock; none, and it goes nowhere.
    onClockTick(() => modern.notify.resourceUpdated(CLOCK_URI)),
  ];
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();

  const legacy = async (request: Request): Promise<Response> => {
    const sessionId = request.headers.get("mcp-session-id");
    if (sessionId) {
      const transport = sessions.get(sessionId);
      return transport ? transport.handleRequest(request) : jsonRpcError(404, "Unknown or expired session");
    }
    if (request.method !== "POST") return jsonRpcError(400, "A session id is required");
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, transport),
      onsessionclosed: (id) => void sessions.delete(id),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await createDemoServer(catalog, { announceChanges: true }).connect(transport);
    return transport.handleRequest(request);
  };

  const fetch = async (request: Request): Promise<Response> => {
    if (new URL(request.url).pathname !== "/mcp") return new Response("Not found", { status: 404 });
    const rejected =
      hostHeaderValidationResponse(request, localhostAllowedHostnames()) ?? originValidationResponse(request, localhostAllowedOrigins());
    if (rejected) return rejected;
    return (await isLegacyRequest(request)) ? legacy(request) : modern.fetch(request);
  };

  const http: HttpServer = createServer(toNodeHandler({ fetch }));
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/mcp`,
    port,
    close: async () => {
      for (const stop of stops) stop();
      await Promise.allSettled([...sessions.values()].map((t) => t.close()));
      await modern.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
