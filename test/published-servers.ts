// Published MCP servers from npm (devDependencies), started over stdio as their users start them,
// and their tool lists as a client receives them: what the poisoning scan must leave alone. None
// needs a network or an account to list its tools (Notion's asks for its token only on a call).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import type { Tool } from "@/lib/domain/mcp-types";
import { fixturePath, REPO_ROOT } from "./fixtures/spawn";

type Published = { name: string; args: (dir: string) => string[] };

const bin = (relative: string): string => path.join(REPO_ROOT, "node_modules", relative);

export const PUBLISHED_SERVERS: Published[] = [
  { name: "@modelcontextprotocol/server-filesystem", args: (dir) => [bin("@modelcontextprotocol/server-filesystem/dist/index.js"), dir] },
  { name: "@modelcontextprotocol/server-everything", args: () => ["--import", "tsx", fixturePath("everything.ts"), "stdio"] },
  { name: "@modelcontextprotocol/server-memory", args: () => [bin("@modelcontextprotocol/server-memory/dist/index.js")] },
  {
    name: "@modelcontextprotocol/server-sequential-thinking",
    args: () => [bin("@modelcontextprotocol/server-sequential-thinking/dist/index.js")],
  },
  { name: "@notionhq/notion-mcp-server", args: () => [bin("@notionhq/notion-mcp-server/bin/cli.mjs")] },
];

/** The tools one published server lists, its process started in a folder of its own and ended after. */
export async function publishedTools(server: Published): Promise<Tool[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-published-"));
  const client = new Client({ name: "toolscope-test", version: "0" });
  try {
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: server.args(dir),
        cwd: REPO_ROOT,
        // The memory server keeps its graph in a file: here, in the test's own folder.
        env: { ...(process.env as Record<string, string>), MEMORY_FILE_PATH: path.join(dir, "memory.jsonl") },
        stderr: "pipe",
      }),
    );
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined);
      tools.push(...(page.tools as Tool[]));
      cursor = page.nextCursor;
    } while (cursor);
    return tools;
  } finally {
    await client.close().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
