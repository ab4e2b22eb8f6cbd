// MCP Apps (the io.modelcontextprotocol/ui extension): whether a tool has a UI of its own, which
// ui:// resource holds it, and who may call the tool ("model": the catalog and the form;
// "app": its app). The 2026-01-26 revision puts these under _meta.ui; early drafts used the
// flat key "ui/resourceUri", still read. Client-safe.
import type { Tool } from "@modelcontextprotocol/client";

export type ToolUi = { resourceUri: string; visibility: ("model" | "app")[] };

const DEFAULT_VISIBILITY: ToolUi["visibility"] = ["model", "app"];

/** Who may call a tool, by _meta.ui.visibility, whether or not it has a UI of its own. */
export function toolVisibility(tool: Pick<Tool, "_meta">): ToolUi["visibility"] {
  const meta = tool._meta as Record<string, unknown> | undefined;
  const ui = typeof meta?.ui === "object" && meta.ui !== null ? (meta.ui as Record<string, unknown>) : {};
  return Array.isArray(ui.visibility)
    ? ui.visibility.filter((v): v is "model" | "app" => v === "model" || v === "app")
    : DEFAULT_VISIBILITY;
}

export function toolUi(tool: Pick<Tool, "_meta">): ToolUi | null {
  const meta = tool._meta as Record<string, unknown> | undefined;
  if (!meta) return null;
  const ui = typeof meta.ui === "object" && meta.ui !== null ? (meta.ui as Record<string, unknown>) : {};
  const uri = typeof ui.resourceUri === "string" ? ui.resourceUri : meta["ui/resourceUri"];
  if (typeof uri !== "string" || !uri.startsWith("ui://")) return null;
  return { resourceUri: uri, visibility: toolVisibility(tool) };
}

/** A tool only apps may call: hidden from the catalog's default view. */
export function isAppOnly(tool: Pick<Tool, "_meta">): boolean {
  return !toolVisibility(tool).includes("model");
}
