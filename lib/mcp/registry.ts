import "server-only";
// The servers Toolscope knows about, from three places, in this order: the bundled demo
// server, the mcp.json config file, and the database (servers added in the UI or API).
// An id names one server only; a later source cannot shadow an earlier one.
import fs from "node:fs";
import path from "node:path";
import { appConfig } from "@/lib/config/env";
import { database } from "@/lib/db";
import { clusterBus } from "@/lib/cluster";
import { processWide } from "@/lib/process-wide";
import { parseMcpJson } from "./mcp-json";
import { ServerConfigSchema, type ServerConfig } from "../domain/server-config";
import { createServerStore, type ServerStore } from "./server-store";

export const DEMO_SERVER_ID = "demo";

export type ServerSource = "builtin" | "file" | "database";
export type RegisteredServer = { config: ServerConfig; source: ServerSource };

function demoServerConfig(): ServerConfig {
  const root = process.cwd();
  // The production build bundles it (scripts/lib/build-server.mjs), rebuilt when lib/ changes; in
  // development, where the sources change under a bundle, tsx compiles them. The test suites
  // bundle it afresh each run (test/programs.ts) and name theirs: tsx cost 0.6 CPU-s a start.
  const production = process.env.NODE_ENV === "production" ? path.join(root, ".toolscope", "demo-server.mjs") : undefined;
  const bundled = [production, process.env.TOOLSCOPE_TEST_DEMO_SERVER_BUNDLE].find((file) => file !== undefined && fs.existsSync(file));
  return ServerConfigSchema.parse({
    id: DEMO_SERVER_ID,
    name: "Demo server",
    trusted: true,
    transport: "stdio",
    command: process.execPath,
    args: bundled ? [bundled, "stdio"] : ["--import", "tsx", path.join(root, "lib", "demo-server", "cli.ts"), "stdio"],
    env: { TOOLSCOPE_DEMO_TOOLS: String(appConfig().demoTools) },
    cwd: root,
  });
}

/** The config file's servers as read, and the registry as last read (see registeredServers). */
const cache = processWide("registry", () => ({
  file: undefined as { file: string; configs: ServerConfig[] } | undefined,
  servers: undefined as { at: number; servers: RegisteredServer[] } | undefined,
}));

/** The config file's servers, read once per process; its problems are logged, not fatal. */
function fileServers(): ServerConfig[] {
  const file = appConfig().configFile;
  if (!file) return [];
  if (cache.file?.file === file) return cache.file.configs;
  let configs: ServerConfig[] = [];
  try {
    const parsed = parseMcpJson(fs.readFileSync(file, "utf8"));
    for (const p of parsed.problems) console.error(`[toolscope] ${file}: ${p.id ? `server "${p.id}": ` : ""}${p.message}`);
    configs = parsed.configs;
  } catch (error) {
    console.error(`[toolscope] cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  cache.file = { file, configs };
  return configs;
}

export async function serverStore(): Promise<ServerStore> {
  return createServerStore(await database());
}

/**
 * The list is read on every API call, so it is cached. A change drops the cache at once, here
 * and, through the bus, in the other processes on the database (lib/cluster); the short
 * lifetime is for a notification lost while a process was not listening.
 */
const CACHE_MS = 2_000;

export function invalidateRegistry(): void {
  cache.servers = undefined;
}

/** This process changed the stored servers: every process reads them again. */
export function serversChanged(): void {
  invalidateRegistry();
  void clusterBus()?.broadcast("invalidate", { what: "servers" });
}

export async function registeredServers(): Promise<RegisteredServer[]> {
  const cached = cache.servers;
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.servers;
  const servers = await readRegisteredServers();
  cache.servers = { at: Date.now(), servers };
  return servers;
}

async function readRegisteredServers(): Promise<RegisteredServer[]> {
  const all: RegisteredServer[] = [];
  const taken = new Set<string>();
  const add = (config: ServerConfig, source: ServerSource): void => {
    if (taken.has(config.id)) {
      console.error(`[toolscope] ignoring ${source} server "${config.id}": the id is already used`);
      return;
    }
    taken.add(config.id);
    all.push({ config, source });
  };
  if (appConfig().demoServer) add(demoServerConfig(), "builtin");
  for (const config of fileServers()) add(config, "file");
  for (const config of await (await serverStore()).list()) add(config, "database");
  return all;
}
