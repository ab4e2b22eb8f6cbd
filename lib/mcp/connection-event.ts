import type { ServerSnapshot, ToolCatalog, ToolsArriving } from "../domain/mcp-types";

/**
 * What one connection tells its listeners. `tools`: the list was listed again; `announced` when
 * the server said it changed (notifications/tools/list_changed). `list`: the server said its
 * resources or prompts changed (nothing is listed here: the pages that show them ask).
 * `tools-arriving`: tools of a first listing still under way (first-listing.ts). `lint`: the
 * list's schemas are compiled, and the lint now has what that found (listed-tools.ts).
 */
export type ConnectionEvent =
  | { type: "status"; snapshot: ServerSnapshot }
  | { type: "tools"; snapshot: ServerSnapshot; catalog: ToolCatalog; announced: boolean }
  | { type: "list"; list: "resources" | "prompts" }
  | ({ type: "tools-arriving" } & ToolsArriving)
  | { type: "lint"; lint: ToolCatalog["lint"]; toolsUpdatedAt: string | null };
