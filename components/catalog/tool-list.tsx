"use client";

import Link from "next/link";
import { useParams } from "next/navigation";
import { useDeferredValue, useMemo, useState, type ReactNode } from "react";
import type { Tool } from "@/lib/mcp/types";
import { toolDisplayName } from "@/lib/tool-hints";
import { useCatalog } from "./catalog-context";
import { HintBadges } from "./hint-badges";
import { ServerSwitcher } from "./server-switcher";
import { InvalidTools, LintBadge } from "./tool-problems";
import { ToolIcon } from "./tool-icon";

function matches(tool: Tool, query: string): boolean {
  if (!query) return true;
  const haystack = `${tool.name} ${tool.title ?? ""} ${tool.annotations?.title ?? ""} ${tool.description ?? ""}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

export function ToolList(): ReactNode {
  const { serverId, data, error, loading, reload } = useCatalog();
  const params = useParams<{ toolName?: string }>();
  const selected = params.toolName ? decodeURIComponent(params.toolName) : undefined;
  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const tools = useMemo(() => (data?.tools ?? []).filter((t) => matches(t, deferredQuery)), [data, deferredQuery]);

  return (
    <aside className="flex min-h-0 w-[340px] shrink-0 flex-col border-r border-zinc-200 dark:border-zinc-800">
      <ServerSwitcher />
      <div className="flex items-center gap-2 border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Filter tools…"
          aria-label="Filter tools"
          data-testid="catalog-filter"
          className="h-8 w-full rounded-md border border-zinc-200 bg-zinc-50 px-2.5 text-[13px] outline-none placeholder:text-zinc-400 focus:border-indigo-500 focus:bg-white focus:ring-2 focus:ring-indigo-500/20 dark:border-zinc-800 dark:bg-zinc-900 dark:focus:bg-zinc-950"
        />
        <button
          type="button"
          onClick={reload}
          title="Refresh the tool list"
          aria-label="Refresh the tool list"
          className="flex size-8 shrink-0 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
        >
          ↻
        </button>
      </div>
      <div className="flex items-center justify-between px-3 py-1.5 text-[11px] text-zinc-500 uppercase tracking-wide dark:text-zinc-400">
        <span data-testid="catalog-count">
          {data ? (deferredQuery ? `${tools.length} of ${data.tools.length} tools` : `${data.tools.length} tools`) : "Tools"}
        </span>
        {loading && <span>Loading…</span>}
      </div>
      {error && (
        <p
          role="alert"
          className="mx-3 mb-2 rounded-md border border-rose-200 bg-rose-50 p-2 text-xs text-rose-700 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-300"
        >
          {error}
        </p>
      )}
      {data?.warning && (
        <p
          role="status"
          className="mx-3 mb-2 rounded-md border border-amber-200 bg-amber-50 p-2 text-xs text-amber-800 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-300"
        >
          {data.warning}
        </p>
      )}
      {data?.server.status === "failed" && (
        <p
          role="alert"
          className="mx-3 mb-2 rounded-md border border-rose-200 bg-rose-50 p-2 text-xs text-rose-700 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-300"
        >
          {data.server.name} is not connected: {data.server.error}
        </p>
      )}
      <ul data-testid="catalog-list" className="min-h-0 flex-1 overflow-y-auto px-1.5 pb-3">
        {tools.map((tool) => {
          const active = tool.name === selected;
          return (
            <li key={tool.name}>
              <Link
                href={`/servers/${encodeURIComponent(serverId)}/tools/${encodeURIComponent(tool.name)}`}
                data-testid="catalog-item"
                data-tool-name={tool.name}
                aria-current={active ? "page" : undefined}
                className={`group flex gap-2.5 rounded-md px-2 py-2 ${active ? "bg-indigo-50 dark:bg-indigo-950/40" : "hover:bg-zinc-50 dark:hover:bg-zinc-900"}`}
              >
                <ToolIcon tool={tool} size={20} />
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline gap-2">
                    <span className={`truncate text-[13px] font-medium ${active ? "text-indigo-700 dark:text-indigo-300" : ""}`}>
                      {toolDisplayName(tool)}
                    </span>
                    <span className="truncate font-mono text-[11px] text-zinc-400">{tool.name}</span>
                  </span>
                  {tool.description && (
                    <span className="mt-0.5 block truncate text-xs text-zinc-500 dark:text-zinc-400">{tool.description}</span>
                  )}
                  <span className="mt-1 flex flex-wrap gap-1">
                    <HintBadges tool={tool} />
                    {data?.lint[tool.name] && <LintBadge warnings={data.lint[tool.name]!} />}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
        {data && tools.length === 0 && (
          <li className="px-3 py-8 text-center text-xs text-zinc-500">
            {data.tools.length === 0 ? "This server lists no tools." : "No tool matches the filter."}
          </li>
        )}
      </ul>
      {data && data.invalid.length > 0 && <InvalidTools invalid={data.invalid} />}
    </aside>
  );
}
