import "server-only";
// A connection's tool list as last listed: the valid tools, the invalid ones with their reasons,
// lint findings and the list's own warning, and when it was listed.
import type { Tool } from "@modelcontextprotocol/client";
import type { ToolCatalog } from "@/lib/domain/mcp-types";
import type { InvalidTool, ToolList } from "./list-tools";
import { lintTools, type ToolLint } from "./tool-lint";

export class ListedTools {
  private tools: Tool[] = [];
  private invalid: InvalidTool[] = [];
  private lint: ToolLint = {};
  private warning: string | null = null;
  /** When the list was last taken (ms), undefined before the first. */
  private updatedAt: number | undefined;

  replace(list: ToolList): void {
    this.tools = list.tools;
    this.invalid = list.invalid;
    this.warning = list.warning;
    this.lint = lintTools(list.tools);
    this.updatedAt = Date.now();
  }

  /** The tool list as the browser sees it: valid tools, invalid ones with reasons, lint. */
  catalog(): ToolCatalog {
    return { tools: this.tools, invalid: this.invalid, lint: this.lint, warning: this.warning };
  }

  find(name: string): Tool | undefined {
    return this.tools.find((t) => t.name === name);
  }

  /** What a server's snapshot says of its list. */
  summary(): { toolCount: number; invalidToolCount: number; toolsUpdatedAt: string | null } {
    return {
      toolCount: this.tools.length,
      invalidToolCount: this.invalid.length,
      toolsUpdatedAt: this.updatedAt ? new Date(this.updatedAt).toISOString() : null,
    };
  }
}
