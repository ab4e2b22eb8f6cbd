// Command line for the demo server:
//   tsx lib/demo-server/cli.ts stdio [--legacy]   (--legacy: revisions up to 2025-11-25 only)
//   tsx lib/demo-server/cli.ts http [--port 3001]
// TOOLSCOPE_DEMO_TOOLS=N adds N generated tools; TOOLSCOPE_DEMO_PAGE_SIZE sets the page size;
// TOOLSCOPE_DEMO_PAGE_DELAY_MS makes every page after the first answer that much later (a slow server);
// TOOLSCOPE_DEMO_PAGE_GATE=<file> holds every page after the first until that file exists, 5 s at most
// (a test sees the listing half done for as long as it looks, minutes on 3,000 tools, then opens the gate).
import { startDemoHttpServer } from "./http";
import { gateOn } from "./page-gate";
import { serveDemoOverStdio } from "./stdio";

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    process.stderr.write(`${name} must be a non-negative integer, got "${raw}"\n`);
    process.exit(2);
  }
  return value;
}

const catalogOptions = {
  generatedTools: intFromEnv("TOOLSCOPE_DEMO_TOOLS", 0),
  pageSize: intFromEnv("TOOLSCOPE_DEMO_PAGE_SIZE", 100) || 100,
  pageDelayMs: intFromEnv("TOOLSCOPE_DEMO_PAGE_DELAY_MS", 0),
  pageGate: gateOn(process.env.TOOLSCOPE_DEMO_PAGE_GATE),
};
const [mode = "stdio", ...rest] = process.argv.slice(2);

if (mode === "stdio") {
  serveDemoOverStdio({ ...catalogOptions, legacyOnly: rest.includes("--legacy") });
} else if (mode === "http") {
  const portFlag = rest.indexOf("--port");
  const port = portFlag >= 0 ? Number(rest[portFlag + 1]) : 3001;
  const server = await startDemoHttpServer({ ...catalogOptions, port });
  process.stderr.write(`Toolscope demo MCP server listening on ${server.url}\n`);
  const stop = (): void => void server.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} else {
  process.stderr.write("Usage: demo-server stdio [--legacy] | http [--port N]\n");
  process.exit(2);
}
