// Every server's tools, fetched in parallel from Toolscope's API, for the views that span
// servers (the all-servers list and the Ctrl+K palette). A server that is down or fails to
// answer is reported apart instead of failing the whole load.
import type { ServerSnapshot, Tool, ToolsResponse } from "@/lib/domain/mcp-types";
import { fetchJson } from "./fetch-json";

export type CatalogEntry = { serverId: string; trusted: boolean; tool: Tool; lint: string[] | undefined };

export type AllCatalogs = { entries: CatalogEntry[]; down: ServerSnapshot[] };

export async function loadAllCatalogs(signal?: AbortSignal): Promise<AllCatalogs> {
  const { servers } = await fetchJson<{ servers: ServerSnapshot[] }>("/api/servers", { signal });
  const catalogs = await Promise.all(
    servers.map((s) => fetchJson<ToolsResponse>(`/api/servers/${encodeURIComponent(s.id)}/tools`, { signal }).catch(() => null)),
  );
  const entries: CatalogEntry[] = [];
  const down: ServerSnapshot[] = [];
  catalogs.forEach((catalog, i) => {
    if (!catalog || catalog.server.status !== "ready") down.push(catalog?.server ?? servers[i]!);
    for (const tool of catalog?.tools ?? [])
      entries.push({ serverId: catalog!.server.id, trusted: catalog!.server.trusted, tool, lint: catalog!.lint[tool.name] });
  });
  return { entries, down };
}

/** The tool under its qualified name (`server/tool`), so search and lists tell servers apart. */
export function qualified(entry: CatalogEntry): Tool {
  return { ...entry.tool, name: `${entry.serverId}/${entry.tool.name}` };
}
