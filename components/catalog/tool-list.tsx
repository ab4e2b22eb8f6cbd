"use client";

// The catalog of one server: search (typo-tolerant), filters and sort kept in the URL,
// a virtualized list that stays smooth at 10,000 tools, and live highlights of what changed.
import { Button } from "@/components/ui/button";
import { AuthorizeButton } from "@/components/servers/authorize-button";
import { useParams, usePathname, useSearchParams } from "next/navigation";
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import {
  listedTools,
  parseView,
  passesFilters,
  sortTools,
  viewQuery,
  type CatalogView,
  type FilterKey,
} from "@/lib/domain/catalog-filters";
import { buildSearchIndex, searchTools } from "@/lib/domain/catalog-search";
import { useCatalog } from "./catalog-context";
import { FilterBar } from "./filter-bar";
import { ServerSwitcher } from "./server-switcher";
import { InvalidTools } from "./tool-problems";
import { TOOL_ROW_HEIGHT, ToolRow } from "./tool-row";
import { UpdatedAt } from "./updated-at";
import { useChangeHighlights } from "./use-change-highlights";
import { VirtualList } from "./virtual-list";

/** How long the search box waits after the last keystroke before the URL takes the query. */
const URL_FOLLOWS_MS = 300;
const NOTE = "mx-3 mb-2 rounded-md border p-2 text-xs";
const ERROR_TONE = "border-rose-200 bg-rose-50 text-rose-700 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-300";
const WARN_TONE = "border-amber-200 bg-amber-50 text-amber-800 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-300";

export function ToolList({ className = "" }: { className?: string }): ReactNode {
  const { serverId, data, arriving, error, loading, reload } = useCatalog();
  const params = useParams<{ toolName?: string }>();
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const selected = params.toolName ? decodeURIComponent(params.toolName) : undefined;
  const urlView = useMemo(() => parseView(new URLSearchParams(searchParams.toString())), [searchParams]);
  // The search box answers at once; the URL follows without adding history entries.
  const [query, setQuery] = useState(urlView.q);
  const view: CatalogView = { ...urlView, q: query };
  const deferredQuery = useDeferredValue(query);

  // The native history API updates the URL (and useSearchParams) without a round trip to
  // the server, which router.replace would make on every keystroke. While typing, the URL
  // follows once the typing pauses: Next re-renders whatever reads the URL on each change,
  // which cost a constant ~40 ms a keystroke whatever the size of the catalog.
  const urlWrite = useRef<{ timer: ReturnType<typeof setTimeout>; write: () => void } | null>(null);
  const writeUrlNow = useCallback(() => {
    const pending = urlWrite.current;
    urlWrite.current = null;
    if (!pending) return;
    clearTimeout(pending.timer);
    pending.write();
  }, []);
  useEffect(() => () => clearTimeout(urlWrite.current?.timer), []);
  const setView = useCallback(
    (next: CatalogView) => {
      setQuery(next.q);
      if (urlWrite.current) clearTimeout(urlWrite.current.timer);
      const write = (): void => window.history.replaceState(null, "", `${pathname}${viewQuery(next)}`);
      const typing = next.sort === urlView.sort && next.filters.join(",") === urlView.filters.join(",");
      urlWrite.current = null;
      if (typing) urlWrite.current = { timer: setTimeout(writeUrlNow, URL_FOLLOWS_MS), write };
      else write();
    },
    [pathname, urlView, writeUrlNow],
  );

  // Every keystroke changes the URL, and with it urlView: the filters are compared by value, so
  // that the search index (built per tool, the costly part at 10,000 tools) is built once per list.
  const filterKey = urlView.filters.join(",");
  const filters = useMemo(() => (filterKey === "" ? [] : (filterKey.split(",") as FilterKey[])), [filterKey]);
  const listed = useMemo(() => listedTools(data?.tools ?? [], filters), [data?.tools, filters]);
  const index = useMemo(() => buildSearchIndex(listed), [listed]);
  const lint = data?.lint;
  const tools = useMemo(
    () =>
      sortTools(
        searchTools(index, deferredQuery).filter((t) => passesFilters(t, filters, lint ?? {})),
        urlView.sort,
      ),
    [index, deferredQuery, filters, urlView.sort, lint],
  );
  // Pages of a first listing are not changes: highlights compare whole lists only.
  const highlights = useChangeHighlights(arriving === null ? data?.tools : undefined);
  const suffix = viewQuery(view);
  const total = listed.length;
  const appOnly = (data?.tools.length ?? 0) - total;
  const narrowed = deferredQuery !== "" || urlView.filters.length > 0;

  return (
    // A click may navigate (a tool's row): the URL takes a pending query first, so that its write
    // never lands in the middle of the navigation (Next would take it for a navigation back).
    <nav
      aria-label="Tool catalog"
      onClickCapture={writeUrlNow}
      className={`min-h-0 flex-col border-zinc-200 dark:border-zinc-800 ${className}`}
    >
      <ServerSwitcher />
      <div className="flex items-center gap-2 border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
        <input
          type="search"
          value={query}
          onChange={(e) => setView({ ...view, q: e.target.value })}
          placeholder="Filter tools…  (Ctrl K: jump)"
          aria-label="Filter tools"
          data-testid="catalog-filter"
          className="h-8 w-full rounded-md border border-zinc-200 bg-zinc-50 px-2.5 text-[13px] outline-none placeholder:text-zinc-400 focus:border-indigo-500 focus:bg-white focus:ring-2 focus:ring-indigo-500/20 dark:border-zinc-800 dark:bg-zinc-900 dark:focus:bg-zinc-950"
        />
        <Button
          onPress={reload}
          title="Refresh the tool list"
          aria-label="Refresh the tool list"
          className="flex size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
        >
          ↻
        </Button>
      </div>
      <FilterBar view={view} onChange={setView} />
      <div className="flex items-center justify-between gap-2 px-3 py-1.5 text-[11px] tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
        <span>
          <span data-testid="catalog-count">{countText(data ? total : null, narrowed ? tools.length : null, arriving !== null)}</span>
          {appOnly > 0 && (
            <span data-testid="catalog-hidden" title="Tools only an MCP App may call: the “has an app” filter lists them">
              {` · ${appOnly} app-only not shown`}
            </span>
          )}
        </span>
        {arriving !== null ? (
          // Said once, not at every batch: the count changes several times a second.
          <span role="status" data-testid="catalog-arriving">
            Listing…
          </span>
        ) : loading ? (
          <span>Loading…</span>
        ) : (
          <UpdatedAt iso={data?.server.toolsUpdatedAt ?? null} />
        )}
      </div>
      {error && (
        <p role="alert" className={`${NOTE} ${ERROR_TONE}`}>
          {error}
        </p>
      )}
      {data?.warning && (
        <p role="status" className={`${NOTE} ${WARN_TONE}`}>
          {data.warning}
        </p>
      )}
      {data?.server.status === "unauthorized" && (
        <div role="status" className={`${NOTE} ${WARN_TONE}`} data-testid="catalog-authorization-required">
          <p>
            {data.server.name} asks for OAuth authorization{data.server.oauth?.personal ? ": each person authorizes for themselves" : ""}.
          </p>
          <div className="mt-2">
            <AuthorizeButton serverId={data.server.id} testId="catalog-authorize" />
          </div>
        </div>
      )}
      {data?.server.status === "failed" && (
        <p role="alert" className={`${NOTE} ${ERROR_TONE}`}>
          {data.server.name} is not connected: {data.server.error}
        </p>
      )}
      {highlights.removed.length > 0 && (
        <p role="status" className={`${NOTE} ${WARN_TONE}`} data-testid="catalog-removed">
          Removed: {highlights.removed.join(", ")}
        </p>
      )}
      {data && tools.length === 0 ? (
        <p className="px-3 py-8 text-center text-xs text-muted">
          {arriving !== null
            ? "No tool so far matches the search and filters."
            : total === 0
              ? "This server lists no tools."
              : "No tool matches the search and filters."}
        </p>
      ) : (
        <VirtualList
          testId="catalog-list"
          items={tools}
          rowHeight={TOOL_ROW_HEIGHT}
          getKey={(tool) => tool.name}
          scrollToIndex={selected ? tools.findIndex((t) => t.name === selected) : undefined}
          label={`Tools of ${data?.server.name ?? serverId}`}
          renderRow={(tool, _index, focusable) => (
            <ToolRow
              focusable={focusable}
              tool={tool}
              serverId={serverId}
              href={`/servers/${encodeURIComponent(serverId)}/tools/${encodeURIComponent(tool.name)}${suffix}`}
              active={tool.name === selected}
              trusted={data?.server.trusted ?? false}
              warnings={lint?.[tool.name]}
              highlight={highlights.byName.get(tool.name)}
            />
          )}
        />
      )}
      {data && data.invalid.length > 0 && <InvalidTools invalid={data.invalid} />}
    </nav>
  );
}

/** "12 tools", "3 of 12 tools", or while a first listing arrives "1200 tools so far". */
function countText(total: number | null, shown: number | null, arriving: boolean): string {
  if (total === null) return "Tools";
  const count = shown === null ? `${total} tools` : `${shown} of ${total} tools`;
  return arriving ? `${count} so far` : count;
}
