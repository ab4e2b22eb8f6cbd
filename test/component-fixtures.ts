// What component tests ask the Node side for (test/component-api.ts serves it), from real servers
// in memory (the demo server, test/edge-cases-server.ts and test/icon-sizes-server.ts): their tool definitions exactly as
// tools/list answers them, and what Toolscope makes of a tool's answer: sent and read by the call
// pipeline's own code (lib/mcp/send-tool-call.ts, lib/calls/settle-answer.ts).
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import type { Server } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { settleAnswer } from "@/lib/calls/settle-answer";
import { DemoCatalog } from "@/lib/demo-server/catalog";
import { createDemoServer } from "@/lib/demo-server/server";
import type { Tool } from "@/lib/domain/mcp-types";
import { sendToolCall } from "@/lib/mcp/send-tool-call";
import { createEdgeCasesServer } from "./edge-cases-server";
import { createIconSizesServer } from "./icon-sizes-server";

const SERVERS: Record<string, () => Server> = {
  demo: () => createDemoServer(new DemoCatalog()),
  "edge-cases": createEdgeCasesServer,
  "icon-sizes": createIconSizesServer,
};

async function withServer<T>(name: string, work: (client: Client) => Promise<T>): Promise<T> {
  const create = SERVERS[name];
  if (!create) throw new Error(`No component fixture server named "${name}"`);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = serveStdio(create, { transport: serverSide });
  const client = new Client({ name: "component-fixtures", version: "1.0.0" });
  try {
    await client.connect(clientSide);
    return await work(client);
  } finally {
    await client.close();
    await served.close();
  }
}

const listed = new Map<string, Promise<Tool[]>>();

function toolsOf(server: string): Promise<Tool[]> {
  let tools = listed.get(server);
  if (!tools) {
    tools = withServer(server, async (client) => (await client.listTools()).tools as Tool[]);
    listed.set(server, tools);
  }
  return tools;
}

/**
 * `tools/<server>`: its tools/list. `call/<server>/<tool>`, the arguments POSTed: the result as
 * the SDK's callTool answers it. `answer/<server>/<tool>`, the same way: the call's settlement
 * (status, result, problems, output validation) as Toolscope's pipeline reads the answer.
 */
export async function componentFixture(name: string, sent: unknown): Promise<unknown> {
  const [kind, server = "", tool = ""] = name.split("/");
  const args = (sent ?? {}) as Record<string, unknown>;
  if (kind === "tools") return toolsOf(server);
  if (kind === "call") return withServer(server, (client) => client.callTool({ name: tool, arguments: args }));
  if (kind === "answer") {
    const definition = (await toolsOf(server)).find((candidate) => candidate.name === tool);
    return withServer(server, async (client) =>
      settleAnswer(await sendToolCall(client, { name: tool, args, tool: definition, timeoutMs: 10_000 }, {}), definition),
    );
  }
  throw new Error(`No component fixture named "${name}"`);
}
