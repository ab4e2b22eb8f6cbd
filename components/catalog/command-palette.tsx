"use client";

// Ctrl/⌘+K: jump to any tool of the server by typing part of its name, title or description.
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { buildSearchIndex, searchTools } from "@/lib/catalog/search";
import { toolDisplayName } from "@/lib/tool-hints";
import { useCatalog } from "./catalog-context";
import { ToolIcon } from "./tool-icon";

const SHOWN = 12;

export function CommandPalette(): ReactNode {
  const { serverId, data } = useCatalog();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const index = useMemo(() => buildSearchIndex(data?.tools ?? []), [data?.tools]);
  const results = useMemo(() => searchTools(index, query).slice(0, SHOWN), [index, query]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key.toLowerCase() === "k" && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        setOpen((o) => !o);
        setQuery("");
        setActive(0);
      } else if (e.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  if (!open) return null;
  const go = (name: string | undefined): void => {
    if (!name) return;
    setOpen(false);
    router.push(`/servers/${encodeURIComponent(serverId)}/tools/${encodeURIComponent(name)}`);
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
        className="w-[560px] overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-2xl dark:border-zinc-800 dark:bg-zinc-950"
        onMouseDown={(e) => e.stopPropagation()}
      >
        <input
          ref={input}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown") {
              e.preventDefault();
              setActive((a) => Math.min(a + 1, results.length - 1));
            } else if (e.key === "ArrowUp") {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === "Enter") go(results[active]?.name);
          }}
          placeholder={`Jump to a tool of ${data?.server.name ?? serverId}…`}
          aria-label="Tool to jump to"
          className="h-12 w-full border-b border-zinc-200 bg-transparent px-4 text-sm outline-none dark:border-zinc-800"
        />
        <ul role="listbox" className="max-h-96 overflow-y-auto p-1.5">
          {results.map((tool, i) => (
            <li
              key={tool.name}
              role="option"
              aria-selected={i === active}
              onMouseEnter={() => setActive(i)}
              onClick={() => go(tool.name)}
              className={`flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-[13px] ${i === active ? "bg-indigo-50 dark:bg-indigo-950/50" : ""}`}
            >
              <ToolIcon tool={tool} size={18} serverId={serverId} />
              <span className="font-medium">{toolDisplayName(tool)}</span>
              <span className="truncate font-mono text-[11px] text-zinc-500">{tool.name}</span>
            </li>
          ))}
          {results.length === 0 && <li className="px-3 py-6 text-center text-xs text-zinc-500">No tool matches.</li>}
        </ul>
      </div>
    </div>
  );
}
