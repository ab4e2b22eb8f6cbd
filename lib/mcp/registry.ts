import "server-only";
// The servers Toolscope knows about. For now: the bundled demo server, spawned over stdio
// with the Node that runs Toolscope. (Servers from mcp.json and the UI come next.)
import path from "node:path";
import { appConfig } from "@/lib/config/env";
import { ServerConfigSchema, type ServerConfig } from "./server-config";

export const DEMO_SERVER_ID = "demo";

function demoServerConfig(): ServerConfig {
  const root = process.cwd();
  return ServerConfigSchema.parse({
    id: DEMO_SERVER_ID,
    name: "Demo server",
    trusted: true,
    transport: "stdio",
    command: process.execPath,
    args: ["--import", "tsx", path.join(root, "lib", "demo-server", "cli.ts"), "stdio"],
    env: { TOOLSCOPE_DEMO_TOOLS: String(appConfig().demoTools) },
    cwd: root,
  });
}

export function configuredServers(): ServerConfig[] {
  return appConfig().demoServer ? [demoServerConfig()] : [];
}

export function findServerConfig(id: string): ServerConfig | undefined {
  return configuredServers().find((s) => s.id === id);
}
