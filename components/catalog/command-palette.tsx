"use client";

// Ctrl/⌘+K, anywhere in the app: jump to any tool of any server by typing part of its name,
// title, description or server id. The current server's tools come first.
import { usePathname, useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { loadAllCatalogs, qualified, type CatalogEntry } from "@/lib/client/all-catalogs";
import { buildSearchIndex, searchTools } from "@/lib/catalog/search";
import { toolDisplayName } from "@/lib/tool-hints";
import { ToolIcon } from "./tool-icon";

const SHOWN = 12;

/** The current server's tools first, then the others'. */
function orderEntries(entries: CatalogEntry[], here: string | undefined): CatalogEntry[] {
  return entries.filter((e) => e.serverId === here).concat(entries.filter((e) => e.serverId !== here));
}

function currentServerId(pathname: string): string | undefined {
  const match = /^\/servers\/([^/]+)/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

export function CommandPalette(): ReactNode {
  const router = useRouter();
  const here = currentServerId(usePathname());
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const [entries, setEntries] = useState<CatalogEntry[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // Enter pressed before the catalogs arrived: jump to the best match once they do.
  const pendingEnter = useRef(false);
  const latestQuery = useRef("");
  const input = useRef<HTMLInputElement>(null);
  /** Where focus was when the palette opened: it goes back there when the palette closes. */
  const returnFocus = useRef<HTMLElement | null>(null);

  const jumpTo = useCallback(
    (entry: CatalogEntry): void => {
      returnFocus.current = null;
      setOpen(false);
      router.push(`/servers/${encodeURIComponent(entry.serverId)}/tools/${encodeURIComponent(entry.tool.name)}`);
    },
    [router],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key.toLowerCase() === "k" && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        setOpen((o) => {
          if (!o && document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
            returnFocus.current = document.activeElement;
          return !o;
        });
        setQuery("");
        latestQuery.current = "";
        pendingEnter.current = false;
        setActive(0);
      } else if (e.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // Closed without jumping (Esc, a click outside, Ctrl+K again): focus returns where it was.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      const back = returnFocus.current;
      returnFocus.current = null;
      if (back?.isConnected) back.focus();
    }
  }, [open]);

  // Loaded afresh each time it opens: servers come and go, and catalogs change.
  useEffect(() => {
    if (!open) return;
    input.current?.focus();
    const controller = new AbortController();
    loadAllCatalogs(controller.signal)
      .then(({ entries: all }) => {
        setEntries(all);
        setLoadError(null);
        if (!pendingEnter.current) return;
        pendingEnter.current = false;
        const ordered = orderEntries(all, here);
        const best = searchTools(buildSearchIndex(ordered.map(qualified)), latestQuery.current)[0];
        const entry = best && ordered.find((e) => qualified(e).name === best.name);
        if (entry) jumpTo(entry);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoadError(error instanceof Error ? error.message : String(error));
      });
    return () => controller.abort();
  }, [open, here, jumpTo]);

  const ordered = useMemo(() => orderEntries(entries ?? [], here), [entries, here]);
  const index = useMemo(() => buildSearchIndex(ordered.map(qualified)), [ordered]);
  const byQualified = useMemo(() => new Map(ordered.map((e) => [qualified(e).name, e])), [ordered]);
  const results = useMemo(
    () =>
      searchTools(index, query)
        .slice(0, SHOWN)
        .map((t) => byQualified.get(t.name)!),
    [index, query, byQualified],
  );

  if (!open) return null;
  const go = (entry: CatalogEntry | undefined): void => {
    if (entry) jumpTo(entry);
    else if (entries === null) pendingEnter.current = true;
  };
  return (
    <div
      className="fixed inset-0 z-50 flex items-start justify-center bg-zinc-950/30 pt-[15vh] backdrop-blur-[1px]"
      onMouseDown={() => setOpen(false)}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Jump to a tool"
        data-testid="command-palette"
        className="w-[min(560px,calc(100vw-2rem))] overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-2xl dark:border-zinc-800 dark:bg-zinc-950"
        onMouseDown={(e) => e.stopPropagation()}
      >
        <input
          ref={input}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            latestQuery.current = e.target.value;
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown") {
              e.preventDefault();
              setActive((a) => Math.min(a + 1, results.length - 1));
            } else if (e.key === "ArrowUp") {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === "Enter") go(results[active]);
          }}
          placeholder="Jump to any tool of any server…"
          aria-label="Tool to jump to"
          role="combobox"
          aria-expanded="true"
          aria-controls={results.length > 0 ? "palette-results" : undefined}
          aria-autocomplete="list"
          aria-activedescendant={results[active] ? `palette-option-${active}` : undefined}
          className="h-12 w-full border-b border-zinc-200 bg-transparent px-4 text-sm outline-none dark:border-zinc-800"
        />
        {results.length > 0 && (
          <ul role="listbox" id="palette-results" aria-label="Matching tools" className="max-h-96 overflow-y-auto p-1.5">
            {results.map((entry, i) => (
              <li
                key={`${entry.serverId}/${entry.tool.name}`}
                role="option"
                id={`palette-option-${i}`}
                aria-selected={i === active}
                data-server-id={entry.serverId}
                onMouseEnter={() => setActive(i)}
                onClick={() => go(entry)}
                className={`flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-[13px] ${i === active ? "bg-indigo-50 dark:bg-indigo-950/50" : ""}`}
              >
                <ToolIcon tool={entry.tool} size={18} serverId={entry.serverId} />
                <span className="truncate font-medium">{toolDisplayName(entry.tool)}</span>
                <span className="truncate font-mono text-[11px] text-muted">{entry.tool.name}</span>
                <span className="ml-auto flex-none rounded border border-zinc-200 px-1.5 font-mono text-[10px] text-muted dark:border-zinc-800">
                  {entry.serverId}
                </span>
              </li>
            ))}
          </ul>
        )}
        {loadError && (
          <p role="alert" className="px-3 py-6 text-center text-xs text-rose-600 dark:text-rose-400">
            Could not load the catalogs: {loadError}
          </p>
        )}
        {!loadError && entries === null && <p className="px-3 py-6 text-center text-xs text-muted">Loading tools…</p>}
        {!loadError && entries !== null && results.length === 0 && (
          <p className="px-3 py-6 text-center text-xs text-muted">No tool matches.</p>
        )}
      </div>
    </div>
  );
}
