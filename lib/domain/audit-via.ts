// Where a call was made from, when not from the tool's own form or a script through the API
// (both of which leave it empty): an MCP App on a tool's page, the RPC console, a saved call
// run alone or in a collection, an agent through Toolscope's own MCP endpoint (/mcp), named
// by the client name and version it gave, or a model in the playground or in an eval run, named
// provider/model.
// Kept in the audit record's `via` column as a short string.
// The page declares an app call, in the person's own session: it says where the person's call
// came from, it is no authority of its own.

export type CallVia =
  | { kind: "app"; tool: string }
  | { kind: "console" }
  | { kind: "saved"; savedCallId: string }
  | { kind: "agent"; client: string }
  | { kind: "playground"; model: string }
  | { kind: "eval"; model: string };

/** Longest tool name or saved-call id kept; what the column holds is never longer. */
export const VIA_PART_MAX = 256;

/** The audit log's `via` filter: a kind of origin ("app": every app's calls), or one exactly. */
export const VIA_FILTER = /^(app|console|saved|agent|playground|eval)(:.+)?$/s;

/** What the log's filter offers. */
export const VIA_KINDS = [
  ["app", "an MCP App"],
  ["console", "the RPC console"],
  ["saved", "a saved call"],
  ["agent", "an agent (/mcp)"],
  ["playground", "a model in the playground"],
  ["eval", "a model in an eval run"],
] as const;

export function viaColumn(via: CallVia | undefined): string | null {
  if (!via) return null;
  switch (via.kind) {
    case "app":
      return `app:${via.tool.slice(0, VIA_PART_MAX)}`;
    case "console":
      return "console";
    case "saved":
      return `saved:${via.savedCallId.slice(0, VIA_PART_MAX)}`;
    case "agent":
      return `agent:${via.client.slice(0, VIA_PART_MAX)}`;
    case "playground":
      return `playground:${via.model.slice(0, VIA_PART_MAX)}`;
    case "eval":
      return `eval:${via.model.slice(0, VIA_PART_MAX)}`;
  }
}

/** The column read back; a value this version does not know is shown as it is, never dropped. */
export function parseVia(column: string | null | undefined): CallVia | { kind: "other"; text: string } | null {
  if (!column) return null;
  if (column === "console") return { kind: "console" };
  if (column.startsWith("app:") && column.length > 4) return { kind: "app", tool: column.slice(4) };
  if (column.startsWith("saved:") && column.length > 6) return { kind: "saved", savedCallId: column.slice(6) };
  if (column.startsWith("agent:") && column.length > 6) return { kind: "agent", client: column.slice(6) };
  if (column.startsWith("playground:") && column.length > 11) return { kind: "playground", model: column.slice(11) };
  if (column.startsWith("eval:") && column.length > 5) return { kind: "eval", model: column.slice(5) };
  return { kind: "other", text: column };
}

/** A short tag for the log's table: "app", "console", "saved", "agent", "playground", "eval". */
export function viaTag(column: string | null | undefined): string | null {
  const via = parseVia(column);
  if (!via) return null;
  return via.kind === "other" ? via.text : via.kind;
}

/** A sentence for a record's detail. */
export function viaSentence(column: string | null | undefined): string | null {
  const via = parseVia(column);
  if (!via) return null;
  switch (via.kind) {
    case "app":
      return `The MCP App of ${via.tool}, on that tool's page`;
    case "console":
      return "The RPC console";
    case "saved":
      return `Saved call ${via.savedCallId}, run alone or in a collection`;
    case "agent":
      return `An agent through Toolscope's MCP endpoint: ${via.client}`;
    case "playground":
      return `A model in the playground: ${via.model}`;
    case "eval":
      return `A model in an eval run: ${via.model}`;
    case "other":
      return via.text;
  }
}
