"use client";

import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { fetchJson } from "@/lib/client/fetch-json";
import type { ToolsResponse } from "@/lib/mcp/types";

type CatalogState = {
  serverId: string;
  data: ToolsResponse | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
};

const CatalogContext = createContext<CatalogState | null>(null);

export function CatalogProvider({ serverId, children }: { serverId: string; children: ReactNode }): ReactNode {
  const [data, setData] = useState<ToolsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);

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

  const reload = useCallback(() => {
    setLoading(true);
    setGeneration((g) => g + 1);
  }, []);

  return <CatalogContext.Provider value={{ serverId, data, error, loading, reload }}>{children}</CatalogContext.Provider>;
}

export function useCatalog(): CatalogState {
  const state = useContext(CatalogContext);
  if (!state) throw new Error("useCatalog must be used inside a CatalogProvider");
  return state;
}
