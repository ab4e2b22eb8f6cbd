// What component tests ask the Node side for (test/component-api.ts serves it), from a demo server
// in memory: its tool definitions exactly as its tools/list answers them, and a tool's result as
// its tools/call answers it.
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { DemoCatalog } from "@/lib/demo-server/catalog";
import { createDemoServer } from "@/lib/demo-server/server";
import type { Tool } from "@/lib/domain/mcp-types";

let demoTools: Promise<Tool[]> | undefined;

async function withDemo<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = serveStdio(() => createDemoServer(new DemoCatalog()), { transport: serverSide });
  const client = new Client({ name: "component-fixtures", version: "1.0.0" });
  try {
    await client.connect(clientSide);
    return await work(client);
  } finally {
    await client.close();
    await served.close();
  }
}

/** `demo-tools`, or `demo-call/<tool>?<JSON arguments>`. */
export async function componentFixture(name: string, query: URLSearchParams): Promise<unknown> {
  if (name === "demo-tools") return (demoTools ??= withDemo(async (client) => (await client.listTools()).tools as Tool[]));
  if (name.startsWith("demo-call/")) {
    const tool = name.slice("demo-call/".length);
    const args = JSON.parse(query.get("arguments") ?? "{}") as Record<string, unknown>;
    return withDemo((client) => client.callTool({ name: tool, arguments: args }));
  }
  throw new Error(`No component fixture named "${name}"`);
}
