"use client";

import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { fetchJson } from "@/lib/client/fetch-json";
import type { ServerSnapshot, ToolsResponse } from "@/lib/domain/mcp-types";

type CatalogState = {
  serverId: string;
  data: ToolsResponse | null;
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

/** One server's tools, fetched once and then kept current by the server's event stream. */
export function CatalogProvider({ serverId, children }: { serverId: string; children: ReactNode }): ReactNode {
  const [data, setData] = useState<ToolsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [live, setLive] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [listChanges, setListChanges] = useState(UNCHANGED);

  useEffect(() => {
    const controller = new AbortController();
    fetchJson<ToolsResponse>(`/api/servers/${encodeURIComponent(serverId)}/tools`, { signal: controller.signal })
      .then((response) => {
        setData(response);
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
      setData((current) => (current ? { ...current, server } : current));
    });
    source.addEventListener("tools", (e) => {
      const next = JSON.parse((e as MessageEvent<string>).data) as ToolsResponse;
      setData(next);
    });
    for (const list of ["resources", "prompts"] as const)
      source.addEventListener(list, () =>
        setListChanges((current) => ({ ...current, [list]: { count: current[list].count + 1, at: new Date().toISOString() } })),
      );
    return () => source.close();
  }, [serverId]);

  const reload = useCallback(() => {
    setLoading(true);
    setGeneration((g) => g + 1);
  }, []);

  return (
    <CatalogContext.Provider value={{ serverId, data, error, loading, live, reload, listChanges }}>{children}</CatalogContext.Provider>
  );
}

export function useCatalog(): CatalogState {
  const state = useContext(CatalogContext);
  if (!state) throw new Error("useCatalog must be used inside a CatalogProvider");
  return state;
}
