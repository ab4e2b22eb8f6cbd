import "server-only";
// What one MCP endpoint of Toolscope shows an agent: /mcp, every tool the person may call; or
// /mcp/{name}, a virtual server's chosen tools (lib/domain/virtual-servers.ts), each under the
// name the admin gave it, its pinned arguments left out of its schema and sent whatever the agent
// sends. A virtual server never widens access: a tool the person may not call through /mcp is not
// in their view of it either.
import type { Caller } from "@/lib/domain/roles";
import type { Tool } from "@/lib/domain/mcp-types";
import type { VirtualTool } from "@/lib/domain/virtual-servers";
import type { ServerConnection } from "@/lib/mcp/connection";
import { agentToolName, agentTools, offeredTo, resolveAgentTool } from "./agent-tools";
import { virtualServer } from "./virtual-store";

export type Resolved = { connection: ServerConnection; toolName: string; pinned?: Record<string, unknown> | undefined };

export type ToolView = {
  /** The endpoint's path, for messages. */
  path: string;
  /** `offer.tasks`: the session offers tasks, so a tool that runs as one keeps its `execution` (agent-tasks.ts). */
  list: (caller: Caller, offer?: { tasks?: boolean }) => Promise<Tool[]>;
  resolve: (caller: Caller, name: string) => Promise<Resolved | undefined>;
  /**
   * Whose resources and prompts the endpoint serves too (agent-features.ts): every server the
   * person may use (/mcp), or those a virtual server names. Absent: tools only.
   */
  features?: () => Promise<FeatureScope>;
};

/** The servers an endpoint serves resources and prompts of: all the person may use, or some of them. */
export type FeatureScope = "all" | ReadonlySet<string>;

export const WHOLE_VIEW: ToolView = {
  path: "/mcp",
  list: async (caller, offer) => [...(await agentTools(caller)).values()].map((entry) => offeredTo(entry, offer)),
  resolve: resolveAgentTool,
  features: async () => "all",
};

/** /mcp narrowed to some servers: what a chat or an eval case offers when it names them. */
export function serversView(serverIds: readonly string[]): ToolView {
  const wanted = new Set(serverIds);
  return {
    path: `/mcp (${serverIds.join(", ")})`,
    list: async (caller, offer) =>
      [...(await agentTools(caller)).values()].filter((entry) => wanted.has(entry.serverId)).map((entry) => offeredTo(entry, offer)),
    resolve: async (caller, name) => {
      const target = await resolveAgentTool(caller, name);
      return target && wanted.has(target.connection.config.id) ? target : undefined;
    },
  };
}

/** The view a chat or an eval case asks for: one virtual server's, some servers', or all of /mcp. */
export function viewFor(choice: { servers?: readonly string[] | undefined; virtualServer?: string | undefined }): ToolView {
  if (choice.virtualServer) return virtualView(choice.virtualServer);
  if (choice.servers) return serversView(choice.servers);
  return WHOLE_VIEW;
}

function nameOf(tool: VirtualTool): string {
  return tool.as ?? agentToolName(tool.server, tool.tool);
}

/** The schema without the pinned properties: the agent is not asked for what it cannot change. */
export function withoutPinned(schema: Tool["inputSchema"], pinned: Record<string, unknown> | undefined): Tool["inputSchema"] {
  if (!pinned || Object.keys(pinned).length === 0) return schema;
  const properties = { ...schema.properties };
  for (const key of Object.keys(pinned)) delete properties[key];
  const required = Array.isArray(schema.required) ? schema.required.filter((key) => !Object.hasOwn(pinned, key)) : undefined;
  return { ...schema, properties, ...(required ? { required } : {}) };
}

export function virtualView(name: string): ToolView {
  return {
    path: `/mcp/${name}`,
    // Declared on every virtual endpoint (its definition is read per request): one that names no server lists none.
    features: async () => new Set((await virtualServer(name)).featuresOf ?? []),
    list: async (caller, offer) => {
      const [definition, mayCall] = await Promise.all([virtualServer(name), agentTools(caller)]);
      return definition.tools.flatMap((chosen) => {
        const entry = mayCall.get(agentToolName(chosen.server, chosen.tool));
        if (!entry) return [];
        return [
          {
            ...offeredTo(entry, offer),
            name: nameOf(chosen),
            ...(chosen.description === undefined ? {} : { description: chosen.description }),
            inputSchema: withoutPinned(entry.listed.inputSchema, chosen.arguments),
          },
        ];
      });
    },
    resolve: async (caller, toolName) => {
      const chosen = (await virtualServer(name)).tools.find((tool) => nameOf(tool) === toolName);
      if (!chosen) return undefined;
      const target = await resolveAgentTool(caller, agentToolName(chosen.server, chosen.tool));
      return target && { ...target, pinned: chosen.arguments };
    },
  };
}
