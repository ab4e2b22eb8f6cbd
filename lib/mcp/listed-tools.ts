import "server-only";
// A connection's tool list as last listed: the valid tools, the invalid ones with their reasons,
// lint findings and the list's own warning, and when it was listed.
//
// Compiling every schema (Ajv) is most of the lint's cost: ~220 ms for 10,000 tools. A new list
// is therefore shown with the quick findings, and the schemas are compiled after, a slice per
// turn of the event loop so the list's own bytes leave first; `onLinted` tells when they are in.
import type { Tool } from "@modelcontextprotocol/client";
import type { ToolCatalog } from "@/lib/domain/mcp-types";
import type { InvalidTool, ToolList } from "./list-tools";
import { compileWarnings, lintTools, type ToolLint } from "./tool-lint";

/** Tools whose schemas are compiled in one turn of the event loop. */
const LINT_SLICE = 250;

export class ListedTools {
  private tools: Tool[] = [];
  private byName = new Map<string, Tool>();
  private invalid: InvalidTool[] = [];
  private lint: ToolLint = {};
  private warning: string | null = null;
  /** When the list was last taken (ms), undefined before the first. */
  private updatedAt: number | undefined;
  private generation = 0;
  private linting: Promise<void> = Promise.resolve();
  /** Lists taken because the server sent notifications/tools/list_changed (the report card compares it with what the server declares). */
  announcedChanges = 0;

  constructor(private readonly onLinted: (lint: ToolLint, toolsUpdatedAt: string | null) => void = () => undefined) {}

  replace(list: ToolList, announced = false): void {
    if (announced) this.announcedChanges++;
    this.tools = list.tools;
    // The first of a name, as a scan would find it: lint flags the duplicates.
    this.byName = new Map();
    for (const tool of list.tools) if (!this.byName.has(tool.name)) this.byName.set(tool.name, tool);
    this.invalid = list.invalid;
    this.warning = list.warning;
    this.lint = lintTools(list.tools, { compile: false });
    this.updatedAt = Date.now();
    this.linting = this.compileLater(++this.generation);
  }

  /** Resolves once the current list's schemas are compiled and their findings are in the lint. */
  lintSettled(): Promise<void> {
    return this.linting;
  }

  private async compileLater(generation: number): Promise<void> {
    const tools = this.tools;
    const found: ToolLint = {};
    for (let start = 0; start < tools.length; start += LINT_SLICE) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (generation !== this.generation) return; // listed again meanwhile: that list lints itself
      for (const tool of tools.slice(start, start + LINT_SLICE)) {
        const warnings = compileWarnings(tool);
        if (warnings.length) found[tool.name] = warnings;
      }
    }
    if (Object.keys(found).length === 0) return;
    const lint = { ...this.lint };
    for (const [name, warnings] of Object.entries(found)) lint[name] = [...(lint[name] ?? []), ...warnings];
    this.lint = lint;
    this.onLinted(lint, this.summary().toolsUpdatedAt);
  }

  /** The tool list as the browser sees it: valid tools, invalid ones with reasons, lint. */
  catalog(): ToolCatalog {
    return { tools: this.tools, invalid: this.invalid, lint: this.lint, warning: this.warning };
  }

  find(name: string): Tool | undefined {
    return this.byName.get(name);
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
