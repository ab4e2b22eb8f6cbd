import "server-only";
// The tools an agent sees through /mcp: every tool of every server the person behind it may
// use and call, named `{serverId}__{tool}` as the spec's guidance for aggregators suggests, with
// the target's title, description, schemas, annotations and icons passed through (as an admin
// approved them, while a changed definition waits: lib/pins/agent-offer.ts). A name maps
// back to exactly one server and tool; a name two servers could both claim (server "a" with a
// tool "b__c", server "a__b" with a tool "c") is listed for neither, and said so.
import { can, type Caller } from "@/lib/domain/roles";
import type { Tool } from "@/lib/domain/mcp-types";
import { allConnections, connectionFor, connectionsFor } from "@/lib/mcp/pool";
import { hiddenServerIds } from "@/lib/mcp/server-access";
import { toolVisibility } from "@/lib/domain/app-ui";
import type { ServerConnection } from "@/lib/mcp/connection";
import { serverPolicy } from "@/lib/policy/policy-store";
import { callRequirement } from "@/lib/domain/tool-policy";
import { agentOffer } from "@/lib/pins/agent-offer";
import { runsToolsAsTasks } from "@/lib/calls/tasks";

export const NAME_SEPARATOR = "__";

/** How long a listing waits for a server still connecting (after a restart, say) before leaving it out. */
const CONNECTING_GRACE_MS = 3_000;

/**
 * `listed`: the definition as every agent sees it, without `execution`; `execution`: the target's,
 * when it runs the tool as a task, for an agent whose session offers tasks (agent-tasks.ts).
 */
export type AgentTool = { serverId: string; tool: Tool; listed: Tool; execution?: Tool["execution"] };

/** Whether the gateway can run this tool as a task: its server takes tools/call as tasks, and the tool allows it. */
export function runsAsTask(connection: ServerConnection, tool: Tool | undefined): boolean {
  const support = tool?.execution?.taskSupport;
  return (support === "optional" || support === "required") && runsToolsAsTasks(connection);
}

/** A tool as one agent is offered it: with `execution` only where its session offers tasks and the tool runs as one. */
export function offeredTo(entry: AgentTool, offer: { tasks?: boolean } | undefined): Tool {
  return offer?.tasks && entry.execution ? { ...entry.listed, execution: entry.execution } : entry.listed;
}

export function agentToolName(serverId: string, toolName: string): string {
  return `${serverId}${NAME_SEPARATOR}${toolName}`;
}

/** The target's definition under its gateway name, without `execution` (offeredTo adds it back for who may use it). */
function asListed(serverId: string, tool: Tool): Tool {
  const { execution: _execution, ...rest } = tool as Tool & { execution?: unknown };
  return { ...rest, name: agentToolName(serverId, tool.name) };
}

async function settled(connection: ServerConnection): Promise<boolean> {
  if (connection.isReady()) return true;
  if (connection.snapshot().status !== "connecting") return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      connection.ready().then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), CONNECTING_GRACE_MS))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The connections of the servers this caller may use that are ready (or become so within a grace period). */
export async function agentConnections(caller: Caller): Promise<ServerConnection[]> {
  const hidden = await hiddenServerIds(caller);
  const connections = (await connectionsFor(caller)).filter((connection) => !hidden.has(connection.config.id));
  const ready = await Promise.all(connections.map(settled));
  return connections.filter((_, index) => ready[index]);
}

/**
 * Every tool this caller may call, by gateway name. A viewer (or a token without the `call`
 * scope) may call none; a tool the server's policy keeps from the caller's role is left out, as
 * is one only MCP Apps may call (`_meta.ui.visibility` without "model").
 */
export async function agentTools(caller: Caller): Promise<Map<string, AgentTool>> {
  const tools = new Map<string, AgentTool>();
  if (!can(caller, "tools:call")) return tools;
  const claimed = new Set<string>();
  for (const connection of await agentConnections(caller)) {
    const serverId = connection.config.id;
    const catalog = connection.catalog().tools;
    const [policy, offer] = await Promise.all([serverPolicy(serverId), agentOffer(connection, catalog)]);
    for (const tool of catalog) {
      if (!toolVisibility(tool).includes("model")) continue;
      if (!callRequirement(policy, tool, connection.config.trusted, caller.role).allowed) continue;
      const name = agentToolName(serverId, tool.name);
      if (claimed.has(name)) {
        tools.delete(name);
        continue;
      }
      claimed.add(name);
      const offered = offer(tool);
      if (!offered) continue;
      const entry: AgentTool = { serverId, tool, listed: asListed(serverId, offered) };
      if (runsAsTask(connection, offered)) entry.execution = offered.execution;
      tools.set(name, entry);
    }
  }
  return tools;
}

/**
 * The server and tool a gateway name stands for, as this caller reaches them; undefined when
 * the name is no tool they may see (unknown, on a server kept from them, only for MCP Apps, or
 * one two servers could both claim). Whether they may call it is the call pipeline's to decide.
 */
export async function resolveAgentTool(
  caller: Caller,
  name: string,
): Promise<{ connection: ServerConnection; toolName: string } | undefined> {
  const hidden = await hiddenServerIds(caller);
  const candidates: { connection: ServerConnection; toolName: string }[] = [];
  // Only the servers whose id the name starts with are reached for (a person's own connection is opened on demand).
  const servers = (await allConnections()).map((shared) => shared.config.id);
  for (const serverId of servers) {
    if (hidden.has(serverId) || !name.startsWith(serverId + NAME_SEPARATOR)) continue;
    const connection = await connectionFor(serverId, caller);
    const toolName = name.slice(serverId.length + NAME_SEPARATOR.length);
    const tool = connection.findTool(toolName);
    // A tool not offered (new, and waiting for an admin after failing the poisoning scan) is unknown to agents.
    if (tool && toolVisibility(tool).includes("model") && (await agentOffer(connection, connection.catalog().tools))(tool))
      candidates.push({ connection, toolName });
  }
  return candidates.length === 1 ? candidates[0] : undefined;
}
