// Serves the demo server over stdio: one catalog for the process, one pinned instance for the
// connection, either protocol era; or, with `legacyOnly`, a 2025-era server as those built on
// earlier SDKs are (a client that offers 2026-07-28 settles for 2025-11-25).
import { serveStdio, StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { DemoCatalog, type DemoCatalogOptions } from "./catalog";
import { createDemoServer } from "./server";

export function serveDemoOverStdio(options: DemoCatalogOptions & { legacyOnly?: boolean }): void {
  const catalog = new DemoCatalog(options);
  if (options.legacyOnly) {
    void createDemoServer(catalog, { announceChanges: true, era: "legacy" }).connect(new StdioServerTransport());
    return;
  }
  serveStdio(({ era }) => createDemoServer(catalog, { announceChanges: true, era }), {
    onerror: (error) => process.stderr.write(`[toolscope-demo] ${error.message}\n`),
  });
}
