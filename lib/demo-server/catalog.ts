// The demo server's tool list: fixed tools, the bonus tool that comes and goes (with a
// resource and a prompt), and N generated tools. One catalog per process, shared by every
// connection, so a list change made through one connection is seen (and announced) on all.
import { appTools } from "./tools/apps";
import { interactiveTools, bonusTool } from "./tools/interactive";
import { generatedTool, generatedToolIndex } from "./tools/generated";
import { noteTools } from "./tools/notes";
import { resultTools } from "./tools/results";
import { schemaTools } from "./tools/schemas";
import type { DemoTool } from "./types";
import type { Tool } from "@modelcontextprotocol/server";

/**
 * `pageDelayMs`: each page of tools/list after the first answers this much later, as a slow server's would.
 * `pageGate`: each page after the first waits for it too, so that a test sees the first page alone for as
 * long as it looks, however busy the machine, and lets the rest come when it is done.
 */
export type DemoCatalogOptions = { generatedTools?: number; pageSize?: number; pageDelayMs?: number; pageGate?: () => Promise<void> };

export class DemoCatalog {
  private readonly fixed: DemoTool[] = [...noteTools, ...schemaTools, ...resultTools, ...interactiveTools, ...appTools];
  private bonusPresent = false;
  private readonly listeners = new Set<() => void>();
  readonly generatedCount: number;
  readonly pageSize: number;
  readonly pageDelayMs: number;
  readonly pageGate: (() => Promise<void>) | undefined;

  constructor(options: DemoCatalogOptions = {}) {
    this.generatedCount = Math.max(0, Math.floor(options.generatedTools ?? 0));
    this.pageSize = Math.max(1, Math.floor(options.pageSize ?? 100));
    this.pageDelayMs = Math.max(0, Math.floor(options.pageDelayMs ?? 0));
    this.pageGate = options.pageGate;
  }

  /** Whether the bonus tool is listed now (and with it a bonus resource and prompt). */
  get hasBonus(): boolean {
    return this.bonusPresent;
  }

  get size(): number {
    return this.fixed.length + (this.bonusPresent ? 1 : 0) + this.generatedCount;
  }

  private fixedTools(): DemoTool[] {
    return this.bonusPresent ? [...this.fixed, bonusTool] : this.fixed;
  }

  /** One page of definitions in a stable order; the cursor is the offset of the next page. */
  page(cursor: string | undefined): { tools: Tool[]; nextCursor?: string } {
    const start = cursor === undefined ? 0 : Number.parseInt(cursor, 10);
    if (!Number.isSafeInteger(start) || start < 0 || start > this.size) throw new RangeError(`Invalid cursor: ${String(cursor)}`);
    const end = Math.min(this.size, start + this.pageSize);
    const fixed = this.fixedTools();
    const tools: Tool[] = [];
    for (let i = start; i < end; i++) tools.push(i < fixed.length ? fixed[i]!.definition : generatedTool(i - fixed.length).definition);
    return end < this.size ? { tools, nextCursor: String(end) } : { tools };
  }

  find(name: string): DemoTool | undefined {
    const fixed = this.fixedTools().find((t) => t.definition.name === name);
    if (fixed) return fixed;
    const index = generatedToolIndex(name, this.generatedCount);
    return index === undefined ? undefined : generatedTool(index);
  }

  /** Adds the bonus tool if missing, removes it if present; returns whether it is now present. */
  toggleBonusTool(): boolean {
    this.bonusPresent = !this.bonusPresent;
    for (const listener of this.listeners) listener();
    return this.bonusPresent;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
