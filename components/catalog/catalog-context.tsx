"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { api } from "@/components/api/client";
import type { ServerSnapshot, Tool, ToolsArriving, ToolsResponse } from "@/lib/domain/mcp-types";

type CatalogState = {
  serverId: string;
  /** The list as last listed; while a first listing arrives, the tools so far (and `arriving` says so). */
  data: ToolsResponse | null;
  /** How many tools of a first listing have arrived, while it is under way; null otherwise. */
  arriving: number | null;
  error: string | null;
  loading: boolean;
  /** Whether the live feed (list_changed, status) is connected. */
  live: boolean;
  reload: () => void;
  /** How often, and when last, the server said its resources or prompts changed (their pages list them again). */
  listChanges: Record<ListName, ListChanges>;
};

type ListName = "resources" | "prompts";
export type ListChanges = { count: number; at: string | null };
const UNCHANGED: Record<ListName, ListChanges> = { resources: { count: 0, at: null }, prompts: { count: 0, at: null } };

const CatalogContext = createContext<CatalogState | null>(null);

const EMPTY_LISTS = { invalid: [], lint: {}, warning: null };

/**
 * One server's tools, fetched once and then kept current by the server's event stream. While the
 * server is first listed, its tools show page by page as they arrive, until the whole list does.
 */
export function CatalogProvider({ serverId, children }: { serverId: string; children: ReactNode }): ReactNode {
  const [listed, setData] = useState<ToolsResponse | null>(null);
  const [server, setServer] = useState<ServerSnapshot | null>(null);
  const [arrived, setArrived] = useState<Tool[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [live, setLive] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [listChanges, setListChanges] = useState(UNCHANGED);

  useEffect(() => {
    const controller = new AbortController();
    api("GET /api/servers/:serverId/tools", { params: { serverId }, signal: controller.signal })
      .then((response) => {
        // The event stream may have brought the same listing already (the fetch waits for it too):
        // keeping its tools spares re-indexing 10,000 of them; the rest (the whole lint) is taken.
        setData((current) => (current && sameListing(current, response) ? { ...response, tools: current.tools } : response));
        setError(null);
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(err instanceof Error ? err.message : String(err));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [serverId, generation]);

  useEffect(() => {
    const source = new EventSource(`/api/servers/${encodeURIComponent(serverId)}/events`);
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    source.addEventListener("server", (e) => {
      const server = JSON.parse((e as MessageEvent<string>).data) as ServerSnapshot;
      setServer(server);
      if (server.status !== "connecting") setArrived(null);
      setData((current) => (current ? { ...current, server } : current));
    });
    source.addEventListener("tools", (e) => {
      const next = JSON.parse((e as MessageEvent<string>).data) as ToolsResponse;
      setArrived(null);
      setData(next);
    });
    source.addEventListener("lint", (e) => {
      const { lint, toolsUpdatedAt } = JSON.parse((e as MessageEvent<string>).data) as {
        lint: ToolsResponse["lint"];
        toolsUpdatedAt: string | null;
      };
      setData((current) => (current && current.server.toolsUpdatedAt === toolsUpdatedAt ? { ...current, lint } : current));
    });
    source.addEventListener("tools-arriving", (e) => {
      const { tools, reset } = JSON.parse((e as MessageEvent<string>).data) as ToolsArriving;
      setArrived((current) => (reset || !current ? tools : current.concat(tools)));
    });
    for (const list of ["resources", "prompts"] as const)
      source.addEventListener(list, () =>
        setListChanges((current) => ({ ...current, [list]: { count: current[list].count + 1, at: new Date().toISOString() } })),
      );
    return () => source.close();
  }, [serverId]);

  // Until the whole list is in, what arrived stands in for it, under the snapshot the stream sent.
  const data = useMemo<ToolsResponse | null>(
    () => (listed === null && arrived !== null && server !== null ? { server, tools: arrived, ...EMPTY_LISTS } : listed),
    [server, arrived, listed],
  );
  const arriving = listed === null && arrived !== null && server !== null ? arrived.length : null;

  const reload = useCallback(() => {
    setLoading(true);
    setGeneration((g) => g + 1);
  }, []);

  return (
    <CatalogContext.Provider value={{ serverId, data, arriving, error, loading, live, reload, listChanges }}>
      {children}
    </CatalogContext.Provider>
  );
}

function sameListing(a: ToolsResponse, b: ToolsResponse): boolean {
  return a.server.toolsUpdatedAt !== null && a.server.toolsUpdatedAt === b.server.toolsUpdatedAt && a.tools.length === b.tools.length;
}

export function useCatalog(): CatalogState {
  const state = useContext(CatalogContext);
  if (!state) throw new Error("useCatalog must be used inside a CatalogProvider");
  return state;
}
