// How Toolscope reaches one MCP server. Mirrors the mcp.json entries that Claude Desktop,
// Cursor and VS Code write (command/args/env, or url/headers), plus an id and a name.
import { z } from "zod";

export const ServerIdSchema = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, "A server id is 1–63 lowercase letters, digits, '-' or '_'");

const Base = z.object({ id: ServerIdSchema, name: z.string().min(1).max(200), trusted: z.boolean().default(false) });

export const ServerConfigSchema = z.discriminatedUnion("transport", [
  Base.extend({
    transport: z.literal("stdio"),
    command: z.string().min(1),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), z.string()).default({}),
    cwd: z.string().optional(),
  }),
  Base.extend({
    transport: z.literal("streamable-http"),
    url: z.string().url(),
    headers: z.record(z.string(), z.string()).default({}),
  }),
]);

export type ServerConfig = z.infer<typeof ServerConfigSchema>;

/** Where the server is, without secrets: the URL without credentials or query, or the command line. */
export function describeServerTarget(config: ServerConfig): string {
  if (config.transport === "stdio") return [config.command, ...config.args].join(" ");
  const url = new URL(config.url);
  url.username = "";
  url.password = "";
  url.search = "";
  return url.toString();
}
