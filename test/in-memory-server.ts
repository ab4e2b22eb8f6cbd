// An SDK server (the demo, the probe) in this process, on the other end of an in-memory pair: a
// connection's own code tested with no child process (lib/mcp/connection.ts's `transports`).
// Each attempt gets a fresh pair over the same server state, as a restarted stdio server would.
import { InMemoryTransport } from "@modelcontextprotocol/client";
import type { Server } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { DemoCatalog, type DemoCatalogOptions } from "@/lib/demo-server/catalog";
import { createDemoServer } from "@/lib/demo-server/server";
import type { TransportFactory } from "@/lib/mcp/transports";

export type InMemoryServer = { transports: TransportFactory; attempts: () => number; close: () => Promise<void> };

/** Any SDK server factory served in memory, each attempt on a fresh pair, as serveStdio serves a process. */
export function inMemoryServer(createServer: () => Server): InMemoryServer {
  const handles: { close(): Promise<void> }[] = [];
  return {
    transports: () => {
      const [client, server] = InMemoryTransport.createLinkedPair();
      handles.push(serveStdio(createServer, { transport: server }));
      return client;
    },
    attempts: () => handles.length,
    close: async () => {
      await Promise.all(handles.map((handle) => handle.close().catch(() => undefined)));
    },
  };
}

/** A server connected straight to each pair, not through serveStdio: it speaks 2025-11-25 only, as servers on earlier SDKs do. */
export function inMemoryLegacyServer(createServer: () => Server): InMemoryServer {
  const servers: Server[] = [];
  return {
    transports: () => {
      const [client, server] = InMemoryTransport.createLinkedPair();
      const instance = createServer();
      servers.push(instance);
      void instance.connect(server);
      return client;
    },
    attempts: () => servers.length,
    close: async () => {
      await Promise.all(servers.map((server) => server.close().catch(() => undefined)));
    },
  };
}

export type InMemoryDemo = InMemoryServer & { catalog: DemoCatalog };

export function inMemoryDemo(options: DemoCatalogOptions = {}): InMemoryDemo {
  const catalog = new DemoCatalog(options);
  return { catalog, ...inMemoryServer(() => createDemoServer(catalog, { announceChanges: true })) };
}
