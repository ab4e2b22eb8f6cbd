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
import { startScriptedModelServer, type ScriptedModelServer } from "./scripted-model-server";

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

/** The variables lib/models reads: this process answers GET /api/models (test/component-api.ts). */
const MODEL_VARIABLES = ["OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "GOOGLE_GENERATIVE_AI_API_KEY"];
const MODEL_KEY = "sk-component-tests";
let scripted: Promise<ScriptedModelServer> | undefined;

/**
 * `none`: no model provider (and the scripted server stopped: a test file ends with it, or this
 * process never exits); `scripted`: the scripted model server's models, as an OpenAI-compatible endpoint.
 */
async function configureModels(which: string): Promise<{ providers: number }> {
  for (const name of MODEL_VARIABLES) delete process.env[name];
  if (which === "none") {
    const stopping = scripted;
    scripted = undefined;
    await (await stopping)?.close();
    return { providers: 0 };
  }
  if (which !== "scripted") throw new Error(`No model fixture named "${which}"`);
  scripted ??= startScriptedModelServer({
    apiKey: MODEL_KEY,
    models: { "tiny-drafter": () => ({ text: "A draft." }), "tiny-writer": () => ({ text: "Another draft." }) },
  });
  Object.assign(process.env, { OPENAI_API_KEY: MODEL_KEY, OPENAI_BASE_URL: (await scripted).baseUrl });
  return { providers: 1 };
}

/**
 * `models/none` or `models/scripted`: what GET /api/models answers from then on (configureModels).
 * `tools/<server>`: its tools/list. `call/<server>/<tool>`, the arguments POSTed: the result as
 * the SDK's callTool answers it. `answer/<server>/<tool>`, the same way: the call's settlement
 * (status, result, problems, output validation) as Toolscope's pipeline reads the answer.
 */
export async function componentFixture(name: string, sent: unknown): Promise<unknown> {
  const [kind, server = "", tool = ""] = name.split("/");
  const args = (sent ?? {}) as Record<string, unknown>;
  if (kind === "models") return configureModels(server);
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
