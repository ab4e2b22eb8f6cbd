// The demo server in this process, on the other end of an in-memory transport pair: a
// connection's own code tested with no child process (lib/mcp/connection.ts's `transports`).
// Each attempt gets a fresh pair over one catalog, as a restarted stdio server would.
import { InMemoryTransport } from "@modelcontextprotocol/client";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { DemoCatalog, type DemoCatalogOptions } from "@/lib/demo-server/catalog";
import { createDemoServer } from "@/lib/demo-server/server";
import type { TransportFactory } from "@/lib/mcp/transports";

export type InMemoryDemo = { transports: TransportFactory; catalog: DemoCatalog; attempts: () => number; close: () => Promise<void> };

export function inMemoryDemo(options: DemoCatalogOptions = {}): InMemoryDemo {
  const catalog = new DemoCatalog(options);
  const handles: { close(): Promise<void> }[] = [];
  return {
    catalog,
    transports: () => {
      const [client, server] = InMemoryTransport.createLinkedPair();
      handles.push(serveStdio(() => createDemoServer(catalog, { announceChanges: true }), { transport: server }));
      return client;
    },
    attempts: () => handles.length,
    close: async () => {
      await Promise.all(handles.map((handle) => handle.close().catch(() => undefined)));
    },
  };
}
