"use client";

// Every server's tools in one list. Names are told apart by the server's id (`demo/echo`),
// never by serverInfo.name, which servers choose themselves and may share.
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { loadAllCatalogs, qualified, type CatalogEntry } from "@/lib/client/all-catalogs";
import { buildSearchIndex, searchTools } from "@/lib/domain/catalog-search";
import { isAppOnly } from "@/lib/domain/app-ui";
import type { ServerSnapshot } from "@/lib/domain/mcp-types";
import { TOOL_ROW_HEIGHT, ToolRow } from "./tool-row";
import { VirtualList } from "./virtual-list";

export function AllServersCatalog(): ReactNode {
  const [entries, setEntries] = useState<CatalogEntry[] | null>(null);
  const [failed, setFailed] = useState<ServerSnapshot[]>([]);
  const [query, setQuery] = useState("");
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    loadAllCatalogs(controller.signal)
      .then(({ entries: all, down }) => {
        setEntries(all);
        setFailed(down);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setEntries([]);
        setLoadError(error instanceof Error ? error.message : String(error));
      });
    return () => controller.abort();
  }, []);

  // Search sees each tool under its qualified name, so "demo/echo" finds it too.
  // Tools only an app may call are not listed (their server's catalog shows them under "has an app").
  const listed = useMemo(() => (entries ?? []).filter((e) => !isAppOnly(e.tool)), [entries]);
  const index = useMemo(() => buildSearchIndex(listed.map(qualified)), [listed]);
  const byQualified = useMemo(() => new Map(listed.map((e) => [qualified(e).name, e])), [listed]);
  const shown = useMemo(() => searchTools(index, query).map((t) => byQualified.get(t.name)!), [index, query, byQualified]);

  return (
    <div className="mx-auto flex h-full max-w-3xl flex-col px-4 sm:px-8 py-6">
      <h1 className="text-lg font-semibold tracking-tight">All servers</h1>
      <p className="mt-1 text-sm text-muted">Every tool of every server, named by server id and tool name.</p>
      <input
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="Filter tools across servers…"
        aria-label="Filter tools across servers"
        data-testid="all-filter"
        className="mt-4 h-9 rounded-md border border-zinc-200 bg-zinc-50 px-3 text-[13px] outline-none focus:border-indigo-500 focus:bg-white focus:ring-2 focus:ring-indigo-500/20 dark:border-zinc-800 dark:bg-zinc-900"
      />
      <p className="mt-2 text-[11px] tracking-wide text-muted uppercase" data-testid="all-count">
        {entries ? `${shown.length} of ${listed.length} tools` : "Loading…"}
        {failed.length > 0 && ` · not connected: ${failed.map((s) => s.id).join(", ")}`}
      </p>
      {loadError && (
        <p role="alert" className="mt-2 text-xs text-rose-600 dark:text-rose-400">
          Could not load the catalogs: {loadError}
        </p>
      )}
      <div className="mt-2 flex min-h-0 flex-1 flex-col rounded-lg border border-zinc-200 dark:border-zinc-800">
        <VirtualList
          testId="all-list"
          items={shown}
          rowHeight={TOOL_ROW_HEIGHT}
          getKey={(e) => `${e.serverId}/${e.tool.name}`}
          label="Tools of every server"
          renderRow={(e, _index, focusable) => (
            <ToolRow
              focusable={focusable}
              tool={qualified(e)}
              serverId={e.serverId}
              href={`/servers/${encodeURIComponent(e.serverId)}/tools/${encodeURIComponent(e.tool.name)}`}
              active={false}
              trusted={e.trusted}
              warnings={e.lint}
              highlight={undefined}
            />
          )}
        />
      </div>
    </div>
  );
}
