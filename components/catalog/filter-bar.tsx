"use client";

import type { ReactNode } from "react";
import { FILTER_LABEL, FILTERS, type CatalogView, type FilterKey } from "@/lib/domain/catalog-filters";
import { ToggleButton } from "@/components/ui/toggle-button";

/** Toggle chips for the filters, and the sort order. */
export function FilterBar({ view, onChange }: { view: CatalogView; onChange: (view: CatalogView) => void }): ReactNode {
  const toggle = (filter: FilterKey): void =>
    onChange({ ...view, filters: view.filters.includes(filter) ? view.filters.filter((f) => f !== filter) : [...view.filters, filter] });
  return (
    <div
      className="flex flex-wrap items-center gap-1 border-b border-zinc-200 px-3 py-1.5 dark:border-zinc-800"
      role="group"
      aria-label="Filters"
    >
      {FILTERS.map((filter) => {
        const on = view.filters.includes(filter);
        return (
          <ToggleButton
            key={filter}
            pressed={on}
            onChange={() => toggle(filter)}
            testId={`filter-${filter}`}
            className="h-6 rounded-full border px-2 text-[11px]"
            pressedClassName="border-indigo-300 bg-indigo-50 text-indigo-700 dark:border-indigo-800 dark:bg-indigo-950/50 dark:text-indigo-300"
            unpressedClassName="border-zinc-200 text-zinc-600 hover:bg-zinc-50 dark:border-zinc-800 dark:text-zinc-400 dark:hover:bg-zinc-900"
          >
            {FILTER_LABEL[filter]}
          </ToggleButton>
        );
      })}
      <select
        value={view.sort}
        onChange={(e) => onChange({ ...view, sort: e.target.value === "name" ? "name" : "server" })}
        aria-label="Sort"
        data-testid="catalog-sort"
        className="ml-auto h-6 rounded border-0 bg-transparent text-[11px] text-zinc-600 dark:text-zinc-400"
      >
        <option value="server">server order</option>
        <option value="name">by name</option>
      </select>
    </div>
  );
}
