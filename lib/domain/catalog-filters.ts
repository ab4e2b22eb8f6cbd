// The catalog's view state (search, filters, sort), kept in the URL's query so that any view
// can be linked: /servers/demo/tools/echo?q=note&f=readonly,output&sort=name
import type { Tool } from "@modelcontextprotocol/client";
import { isAppOnly, toolUi } from "@/lib/domain/app-ui";
import { toolHints } from "@/lib/domain/tool-hints";

export const FILTERS = ["readonly", "destructive", "openworld", "output", "app", "invalid"] as const;
export type FilterKey = (typeof FILTERS)[number];
export type SortKey = "server" | "name";

export type CatalogView = { q: string; filters: FilterKey[]; sort: SortKey };

export const FILTER_LABEL: Record<FilterKey, string> = {
  readonly: "read-only",
  destructive: "destructive",
  openworld: "open-world",
  output: "output schema",
  app: "has an app",
  invalid: "invalid / lint",
};

export function parseView(params: URLSearchParams): CatalogView {
  const filters = (params.get("f") ?? "").split(",").filter((f): f is FilterKey => (FILTERS as readonly string[]).includes(f));
  return { q: params.get("q") ?? "", filters, sort: params.get("sort") === "name" ? "name" : "server" };
}

/** The query string for a view (empty when it is the default view). */
export function viewQuery(view: CatalogView): string {
  const params = new URLSearchParams();
  if (view.q) params.set("q", view.q);
  if (view.filters.length) params.set("f", view.filters.join(","));
  if (view.sort !== "server") params.set("sort", view.sort);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * Filters combine with AND: each one narrows the list. Hints count as the spec defines them,
 * implied or explicit. "invalid" keeps the tools with lint findings; tools that failed
 * validation altogether are never in the list and are shown apart.
 */
export function passesFilters(tool: Tool, filters: readonly FilterKey[], lint: Record<string, string[]>): boolean {
  if (filters.length === 0) return true;
  const hints = toolHints(tool);
  return filters.every((filter) => {
    switch (filter) {
      case "readonly":
        return hints.readOnly.value;
      case "destructive":
        return hints.destructive.applies && hints.destructive.value;
      case "openworld":
        return hints.openWorld.value;
      case "output":
        return tool.outputSchema !== undefined;
      case "app":
        return toolUi(tool) !== null;
      case "invalid":
        return (lint[tool.name]?.length ?? 0) > 0;
    }
  });
}

/** The tools a view lists at all: those only an app may call appear once "has an app" is on. */
export function listedTools<T extends Tool>(tools: readonly T[], filters: readonly FilterKey[]): T[] {
  return filters.includes("app") ? [...tools] : tools.filter((tool) => !isAppOnly(tool));
}

export function sortTools(tools: Tool[], sort: SortKey): Tool[] {
  return sort === "name" ? [...tools].sort((a, b) => a.name.localeCompare(b.name)) : tools;
}
