// The floor under connect→rendered: the official SDK v2 client spawning the same stdio server
// Toolscope spawns (same command, environment and working directory) and listing every tool.
// No browser and no Toolscope: what is left is the server's own start-up and its tools/list.
import { performance } from "node:perf_hooks";
import { Client } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";

export type StdioEntry = { command: string; args: string[]; env: Record<string, string>; cwd: string };

export type DirectListing = { ms: number; connectMs: number; tools: number };

export async function directListAll(entry: StdioEntry): Promise<DirectListing> {
  const start = performance.now();
  // As Toolscope's connections: "auto" negotiation, and no cap on the pages walked.
  const client = new Client(
    { name: "toolscope-bench", version: "0.0.0" },
    { capabilities: {}, versionNegotiation: { mode: "auto" }, listMaxPages: 0 },
  );
  try {
    await client.connect(
      new StdioClientTransport({
        command: entry.command,
        args: entry.args,
        // Toolscope's own rule (lib/mcp/stdio-env.ts): the SDK's short whitelist plus the config's env.
        env: { ...getDefaultEnvironment(), ...entry.env },
        cwd: entry.cwd,
        stderr: "ignore",
      }),
    );
    const connectMs = performance.now() - start;
    const { tools } = await client.listTools();
    return { ms: performance.now() - start, connectMs, tools: tools.length };
  } finally {
    await client.close();
  }
}
