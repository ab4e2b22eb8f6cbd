// What component tests ask the Node side for (test/component-api.ts serves it): the demo
// server's tool definitions exactly as its tools/list answers them, from a demo in memory.
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { DemoCatalog } from "@/lib/demo-server/catalog";
import { createDemoServer } from "@/lib/demo-server/server";
import type { Tool } from "@/lib/domain/mcp-types";

let demoTools: Promise<Tool[]> | undefined;

async function listDemoTools(): Promise<Tool[]> {
  const catalog = new DemoCatalog();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = serveStdio(() => createDemoServer(catalog), { transport: serverSide });
  const client = new Client({ name: "component-fixtures", version: "1.0.0" });
  try {
    await client.connect(clientSide);
    return (await client.listTools()).tools as Tool[];
  } finally {
    await client.close();
    await served.close();
  }
}

export async function componentFixture(name: string): Promise<unknown> {
  if (name === "demo-tools") return (demoTools ??= listDemoTools());
  throw new Error(`No component fixture named "${name}"`);
}
