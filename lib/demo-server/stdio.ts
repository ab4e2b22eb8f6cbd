// Serves the demo server over stdio: one catalog for the process, one pinned instance
// for the connection, either protocol era.
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { DemoCatalog, type DemoCatalogOptions } from "./catalog";
import { createDemoServer } from "./server";

export function serveDemoOverStdio(options: DemoCatalogOptions): void {
  const catalog = new DemoCatalog(options);
  serveStdio(() => createDemoServer(catalog, { announceChanges: true }), {
    onerror: (error) => process.stderr.write(`[toolscope-demo] ${error.message}\n`),
  });
}
