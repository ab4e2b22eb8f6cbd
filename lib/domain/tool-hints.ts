// A tool's behaviour hints as the spec defines them, with its defaults made explicit:
// readOnly false, destructive true, idempotent false, openWorld true. Destructive and
// idempotent only mean something when the tool is not read-only.
import type { Tool } from "@modelcontextprotocol/client";

export type Hint = { value: boolean; explicit: boolean; applies: boolean };

export type ToolHints = { readOnly: Hint; destructive: Hint; idempotent: Hint; openWorld: Hint };

function hint(declared: unknown, fallback: boolean, applies = true): Hint {
  return typeof declared === "boolean" ? { value: declared, explicit: true, applies } : { value: fallback, explicit: false, applies };
}

export function toolHints(tool: Pick<Tool, "annotations">): ToolHints {
  const a = tool.annotations ?? {};
  const readOnly = hint(a.readOnlyHint, false);
  return {
    readOnly,
    destructive: hint(a.destructiveHint, true, !readOnly.value),
    idempotent: hint(a.idempotentHint, false, !readOnly.value),
    openWorld: hint(a.openWorldHint, true),
  };
}

/** The name to show: title, else annotations.title, else the name itself. */
export function toolDisplayName(tool: Pick<Tool, "name" | "title" | "annotations">): string {
  return tool.title || tool.annotations?.title || tool.name;
}
