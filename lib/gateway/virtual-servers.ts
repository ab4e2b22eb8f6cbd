import "server-only";
// Virtual servers as the API lists them: each with its address and, for each chosen tool, whether
// it is there now (a server removed, a tool renamed upstream: the endpoint still answers, without it).
import { appConfig } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import type { Caller } from "@/lib/domain/roles";
import type { VirtualServer, VirtualServerView } from "@/lib/domain/virtual-servers";
import { allConnections } from "@/lib/mcp/pool";
import { hiddenServerIds } from "@/lib/mcp/server-access";
import { saveVirtualServer, virtualServers } from "./virtual-store";

export type VirtualServerListing = VirtualServerView & { url: string; missing: string[] };

export async function listVirtualServers(caller: Caller): Promise<{ virtualServers: VirtualServerListing[] }> {
  const [all, connections, hidden] = await Promise.all([virtualServers(), allConnections(), hiddenServerIds(caller)]);
  const byId = new Map(connections.map((connection) => [connection.config.id, connection]));
  const base = appConfig().publicUrl;
  return {
    virtualServers: [...all.values()].map((server) => ({
      ...server,
      // A server this caller may not see is not named to them, not even as missing.
      tools: server.tools.filter((tool) => !hidden.has(tool.server)),
      ...(server.featuresOf ? { featuresOf: server.featuresOf.filter((id) => !hidden.has(id)) } : {}),
      url: `${base}/mcp/${server.name}`,
      missing: server.tools
        .filter((tool) => !hidden.has(tool.server) && !byId.get(tool.server)?.findTool(tool.tool))
        .map((tool) => `${tool.server}/${tool.tool}`),
    })),
  };
}

export async function virtualServerFor(name: string, caller: Caller): Promise<VirtualServerListing> {
  const found = (await listVirtualServers(caller)).virtualServers.find((server) => server.name === name);
  if (!found) throw new AppError("not_found:virtual_server", `There is no virtual server "${name}".`);
  return found;
}

/**
 * Saves a virtual server an admin composed, after the checks a person would want before agents
 * see it: at least one tool, and pinned arguments the tool has (a misspelt one would be sent to
 * the target and the real one left to the agent). A tool whose server is not connected now is
 * taken as written: its schema cannot be read.
 */
export async function composeVirtualServer(
  name: string,
  definition: VirtualServer,
  by: Caller,
  options: { createOnly?: boolean } = {},
): Promise<VirtualServerView> {
  if (definition.tools.length === 0 && !definition.featuresOf?.length)
    throw new AppError("bad_request:body", "Choose at least one tool, or a server whose resources and prompts it serves.");
  const byId = new Map((await allConnections()).map((connection) => [connection.config.id, connection]));
  for (const chosen of definition.tools) {
    const properties = byId.get(chosen.server)?.findTool(chosen.tool)?.inputSchema.properties;
    if (!properties || !chosen.arguments) continue;
    const unknown = Object.keys(chosen.arguments).filter((key) => !Object.hasOwn(properties, key));
    if (unknown.length > 0)
      throw new AppError(
        "bad_request:body",
        `${chosen.server}/${chosen.tool} has no argument ${unknown.map((key) => `"${key}"`).join(", ")} to pin; it takes ${Object.keys(properties).join(", ") || "none"}.`,
      );
  }
  return saveVirtualServer(name, definition, by, options);
}
