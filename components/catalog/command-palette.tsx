"use client";

// Ctrl/⌘+K, anywhere in the app: jump to any tool of any server by typing part of its name,
// title, description or server id. The current server's tools come first. cmdk draws the
// combobox and its list (Radix's dialog underneath: focus kept inside, Esc closes, focus goes
// back where it was); the matching is Toolscope's own search, the same as the catalog's.
import { Command } from "cmdk";
import { usePathname, useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { loadAllCatalogs, qualified, type CatalogEntry } from "@/lib/client/all-catalogs";
import { buildSearchIndex, searchTools } from "@/lib/domain/catalog-search";
import { toolDisplayName } from "@/lib/domain/tool-hints";
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

const keyOf = (entry: CatalogEntry): string => `${entry.serverId}/${entry.tool.name}`;

/** What Enter opens for `query`: the first of the results the list shows for it. */
function bestMatch(all: CatalogEntry[], here: string | undefined, query: string): CatalogEntry | undefined {
  const ordered = orderEntries(all, here);
  const best = searchTools(buildSearchIndex(ordered.map(qualified)), query)[0];
  return best && ordered.find((e) => qualified(e).name === best.name);
}

export function CommandPalette(): ReactNode {
  const router = useRouter();
  const here = currentServerId(usePathname());
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [entries, setEntries] = useState<CatalogEntry[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // Enter pressed before the catalogs arrived: jump to the best match once they do.
  const pendingEnter = useRef(false);
  const latestQuery = useRef("");
  // The catalogs as they arrived, before React has drawn them (a keystroke can come in between).
  const arrived = useRef<CatalogEntry[] | null>(null);
  /**
   * Where focus was when the palette opened: it goes back there when the palette closes without
   * a jump (Radix returns focus to a dialog's trigger, and Ctrl+K has none).
   */
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
      if (e.key.toLowerCase() !== "k" || !(e.ctrlKey || e.metaKey)) return;
      e.preventDefault();
      setOpen((o) => {
        if (!o && document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
          returnFocus.current = document.activeElement;
        return !o;
      });
      setQuery("");
      latestQuery.current = "";
      pendingEnter.current = false;
      arrived.current = null;
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => {
    if (open) return;
    const back = returnFocus.current;
    returnFocus.current = null;
    if (back?.isConnected) back.focus();
  }, [open]);

  // Loaded afresh each time it opens: servers come and go, and catalogs change.
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    loadAllCatalogs(controller.signal)
      .then(({ entries: all }) => {
        arrived.current = all;
        setEntries(all);
        setLoadError(null);
        if (!pendingEnter.current) return;
        pendingEnter.current = false;
        const entry = bestMatch(all, here, latestQuery.current);
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
  const byKey = useMemo(() => new Map(results.map((entry) => [keyOf(entry), entry])), [results]);

  return (
    <Command.Dialog
      open={open}
      onOpenChange={setOpen}
      label="Jump to a tool"
      // Toolscope's search decides what matches and in which order.
      shouldFilter={false}
      loop
      data-testid="command-palette"
      overlayClassName="fixed inset-0 z-50 bg-zinc-950/30 backdrop-blur-[1px]"
      contentClassName="fixed top-[15vh] left-1/2 z-50 w-[min(560px,calc(100vw-2rem))] -translate-x-1/2 overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-2xl dark:border-zinc-800 dark:bg-zinc-950"
      onKeyDown={(e) => {
        if (e.key !== "Enter") return;
        const all = arrived.current;
        // Enter before the catalogs arrived: the best match is opened once they do.
        if (all === null) {
          pendingEnter.current = true;
          return;
        }
        // The list on screen is behind what was typed (a fast typist, a busy machine): its
        // selection is an older query's, so open the best match for what was typed instead.
        if (entries === null || query !== latestQuery.current) {
          e.preventDefault();
          const entry = bestMatch(all, here, latestQuery.current);
          if (entry) jumpTo(entry);
        }
      }}
    >
      <Command.Input
        value={query}
        onValueChange={(value) => {
          setQuery(value);
          latestQuery.current = value;
        }}
        // Named by the dialog's label ("Jump to a tool"), which cmdk ties to it.
        placeholder="Jump to any tool of any server…"
        className="h-12 w-full border-b border-zinc-200 bg-transparent px-4 text-sm outline-none dark:border-zinc-800"
      />
      <Command.List aria-label="Matching tools" className="max-h-96 overflow-y-auto p-1.5">
        {results.map((entry) => (
          <Command.Item
            key={keyOf(entry)}
            value={keyOf(entry)}
            onSelect={(value) => {
              const chosen = byKey.get(value);
              if (chosen) jumpTo(chosen);
            }}
            data-server-id={entry.serverId}
            className="flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-[13px] data-[selected=true]:bg-indigo-50 dark:data-[selected=true]:bg-indigo-950/50"
          >
            <ToolIcon tool={entry.tool} size={18} serverId={entry.serverId} />
            <span className="truncate font-medium">{toolDisplayName(entry.tool)}</span>
            <span className="truncate font-mono text-[11px] text-muted">{entry.tool.name}</span>
            <span className="ml-auto flex-none rounded border border-zinc-200 px-1.5 font-mono text-[10px] text-muted dark:border-zinc-800">
              {entry.serverId}
            </span>
          </Command.Item>
        ))}
        {loadError && (
          <p role="alert" className="px-3 py-6 text-center text-xs text-rose-600 dark:text-rose-400">
            Could not load the catalogs: {loadError}
          </p>
        )}
        {!loadError && entries === null && <p className="px-3 py-6 text-center text-xs text-muted">Loading tools…</p>}
        {!loadError && entries !== null && results.length === 0 && (
          <p className="px-3 py-6 text-center text-xs text-muted">No tool matches.</p>
        )}
      </Command.List>
    </Command.Dialog>
  );
}
