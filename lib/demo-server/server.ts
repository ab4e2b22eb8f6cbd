// Builds one demo MCP server instance over a shared catalog. Uses the SDK's low-level
// Server rather than McpServer because the demo must send schemas byte for byte as
// written (draft-07, $defs, writeOnly...) and must be able to break its own output schema.
import { ProtocolError, ProtocolErrorCode, Server, type CallToolResult } from "@modelcontextprotocol/server";
import { compileSchema, describeErrors } from "../json-schema/dialect";
import type { DemoCatalog } from "./catalog";
import { completePromptArgument, getDemoPrompt, listDemoPrompts } from "./prompts";
import { completeCity, listDemoResources, listDemoResourceTemplates, readDemoResource, WEATHER_TEMPLATE } from "./resources";
import type { DemoToolContext, DemoToolResult } from "./types";
import { CLOCK_URI, onClockTick } from "./clock";
import { SERVER_ICONS } from "./icons";
import { demoSkills, readDemoSkillFile } from "./skills";
import { GetSkillRequestParamsSchema, ListSkillsRequestParamsSchema, SKILLS_EXTENSION_ID } from "@modelcontextprotocol/core/ext/skills";

export const DEMO_SERVER_INFO = {
  name: "toolscope-demo",
  title: "Toolscope demo server",
  version: "1.0.0",
  description: "Every part of MCP, simulated in memory",
  icons: SERVER_ICONS,
};

const INSTRUCTIONS = [
  "Toolscope's bundled demo server. Its tools cover every part of the MCP tools specification:",
  "annotations and icons, rich input schemas, every result type, progress, elicitation and list changes;",
  "it also has resources of every kind (with a template whose city completes) and prompts.",
  "Everything is simulated in memory; nothing leaves the machine.",
].join(" ");

function validateArguments(schema: object, args: Record<string, unknown>): string | undefined {
  const compiled = compileSchema(schema);
  if (!compiled.ok) return `The tool's input schema does not compile: ${compiled.error}`;
  if (compiled.validate(args)) return undefined;
  return describeErrors(compiled.validate.errors)
    .map((e) => `${e.path}: ${e.message}`)
    .join("; ");
}

export type DemoServerOptions = {
  /** Send list_changed and resources/updated on this instance (long-lived connections: stdio, a 2025-era HTTP session). */
  announceChanges?: boolean;
  /** The revision era this instance serves: a 2026-07-28 one has no resources/subscribe (its listen streams choose). */
  era?: "modern" | "legacy";
};

/**
 * Tells of the clock's ticks on a long-lived instance. A 2025-era client asks with
 * resources/subscribe, and hears only of what it asked for; on a 2026-07-28 stdio connection the
 * SDK hands each tick to the subscriptions/listen streams that named the clock, and drops the rest.
 */
function watchClock(server: Server, era: "modern" | "legacy"): () => void {
  const announce = (): void => void server.sendResourceUpdated({ uri: CLOCK_URI }).catch(() => undefined);
  if (era === "modern") return onClockTick(announce);
  let stop: (() => void) | undefined;
  server.setRequestHandler("resources/subscribe", (request) => {
    if (request.params.uri === CLOCK_URI) stop ??= onClockTick(announce);
    return {};
  });
  server.setRequestHandler("resources/unsubscribe", (request) => {
    if (request.params.uri === CLOCK_URI) {
      stop?.();
      stop = undefined;
    }
    return {};
  });
  return () => stop?.();
}

export function createDemoServer(catalog: DemoCatalog, options: DemoServerOptions = {}): Server {
  const server = new Server(DEMO_SERVER_INFO, {
    capabilities: {
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
      completions: {},
      logging: {},
      extensions: { [SKILLS_EXTENSION_ID]: {} },
    },
    instructions: INSTRUCTIONS,
  });

  server.setRequestHandler("tools/list", async (request) => {
    if (request.params?.cursor !== undefined) {
      if (catalog.pageDelayMs > 0) await new Promise((r) => setTimeout(r, catalog.pageDelayMs));
      await catalog.pageGate?.();
    }
    try {
      return catalog.page(request.params?.cursor);
    } catch (error) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, error instanceof Error ? error.message : String(error));
    }
  });

  server.setRequestHandler("tools/call", async (request, ctx): Promise<DemoToolResult> => {
    const { name } = request.params;
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    const tool = catalog.find(name);
    if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);
    const invalid = validateArguments(tool.definition.inputSchema, args);
    if (invalid)
      return { content: [{ type: "text", text: `Invalid arguments for ${name}: ${invalid}` }], isError: true } satisfies CallToolResult;
    // Every call is logged (notifications/message), at the level the client set where its revision lets it.
    await server.sendLoggingMessage({ level: "info", logger: "demo.calls", data: `tools/call ${name}` }).catch(() => undefined);
    if (Object.keys(args).length)
      await server
        .sendLoggingMessage({ level: "debug", logger: "demo.calls", data: { tool: name, argumentNames: Object.keys(args) } })
        .catch(() => undefined);
    const context: DemoToolContext = {
      ctx,
      catalog,
      progress: async (progress, total, message) => {
        const progressToken = ctx.mcpReq._meta?.progressToken;
        if (progressToken === undefined) return;
        await ctx.mcpReq.notify({ method: "notifications/progress", params: { progressToken, progress, total, message } });
      },
    };
    try {
      return await tool.run(args, context);
    } catch (error) {
      if (error instanceof ProtocolError || ctx.mcpReq.signal.aborted) throw error;
      return {
        content: [{ type: "text", text: `${name} failed: ${error instanceof Error ? error.message : String(error)}` }],
        isError: true,
      };
    }
  });

  server.setRequestHandler("resources/list", () => ({ resources: listDemoResources(catalog.hasBonus) }));
  server.setRequestHandler("resources/read", (request) => {
    const result = readDemoResource(request.params.uri, catalog.hasBonus) ?? readDemoSkillFile(request.params.uri);
    if (!result) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown resource: ${request.params.uri}`);
    return result;
  });

  // Skills: listed whole (one page), never cached by the host (ttlMs 0), the same for everyone.
  server.setRequestHandler("skills/list", { params: ListSkillsRequestParamsSchema }, async () => ({
    skills: await demoSkills(),
    ttlMs: 0,
    cacheScope: "public" as const,
  }));
  server.setRequestHandler("skills/get", { params: GetSkillRequestParamsSchema }, async (params) => {
    const skill = (await demoSkills()).find((entry) => entry.uri === params.uri);
    if (!skill) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown skill: ${params.uri}`);
    return { skill, ttlMs: 0, cacheScope: "public" as const };
  });

  server.setRequestHandler("resources/templates/list", () => ({ resourceTemplates: listDemoResourceTemplates() }));
  server.setRequestHandler("prompts/list", () => ({ prompts: listDemoPrompts(catalog.hasBonus) }));
  server.setRequestHandler("prompts/get", (request) => {
    const got = getDemoPrompt(request.params.name, request.params.arguments ?? {}, catalog.hasBonus);
    if (typeof got === "string") throw new ProtocolError(ProtocolErrorCode.InvalidParams, got);
    return got;
  });
  server.setRequestHandler("completion/complete", (request) => {
    const { ref, argument } = request.params;
    const values =
      ref.type === "ref/resource" && ref.uri === WEATHER_TEMPLATE && argument.name === "city"
        ? completeCity(argument.value)
        : ref.type === "ref/prompt"
          ? completePromptArgument(ref.name, argument.name, argument.value)
          : [];
    return { completion: { values, total: values.length, hasMore: false } };
  });

  const stops: (() => void)[] = [];
  if (options.announceChanges) {
    stops.push(
      catalog.onChange(() => {
        server.sendToolListChanged().catch(() => undefined);
        server.sendResourceListChanged().catch(() => undefined);
        server.sendPromptListChanged().catch(() => undefined);
      }),
    );
    stops.push(watchClock(server, options.era ?? "legacy"));
  }
  const previous = server.onclose;
  server.onclose = () => {
    for (const stop of stops) stop();
    previous?.();
  };
  return server;
}
