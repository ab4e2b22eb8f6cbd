import "server-only";
// A connection's first tools/list, told page by page as the server sends it, so the catalog can
// show the first tools at once instead of after the last page (10,000 tools is 100 pages). Only
// the first listing is told this way: a later one replaces a list the page already shows, and a
// list that shrank and grew again under the reader's eyes would be worse than a short wait.
// Pages come together in batches (the first at once, then at most one batch per interval), so a
// fast server's hundred pages are a handful of events, not a hundred re-renders.
import type { Tool } from "@modelcontextprotocol/client";
import type { ConnectionEvent } from "./connection-event";
import type { Subscribers } from "./subscribers";

export type ToolsArrivingEvent = Extract<ConnectionEvent, { type: "tools-arriving" }>;

/** Batches after the first: the catalog re-renders at most this often while a listing arrives. */
export const ARRIVING_INTERVAL_MS = 150;

export class FirstListing {
  private active = false;
  private tools: Tool[] = [];
  private unsent: Tool[] = [];
  /** The walk started over (list-tools.ts's fallback): the next event replaces what was told. */
  private restarted = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly listeners: Subscribers<ConnectionEvent>,
    private readonly intervalMs = ARRIVING_INTERVAL_MS,
  ) {
    // The whole list, a failure or a close ends it: what arrived is superseded or void.
    listeners.add((event) => {
      if (event.type === "tools" || (event.type === "status" && event.snapshot.status !== "connecting")) this.end();
    });
  }

  /** A first listing starts: pages heard from now on are told. */
  begin(): void {
    this.end();
    this.active = true;
  }

  /**
   * A page of tools the filter let through (lib/mcp/tool-list-filter.ts); ignored outside a first
   * listing. The first page of a walk that started over replaces what arrived before it.
   */
  heard(page: Tool[], firstOfWalk = false): void {
    if (!this.active || page.length === 0) return;
    if (firstOfWalk && this.tools.length > 0) {
      this.tools = [];
      this.unsent = [];
      this.restarted = true;
    }
    this.tools.push(...page);
    if (!this.restarted) this.unsent.push(...page);
    if (this.timer) return;
    if (this.tools.length === page.length) this.flush();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, this.intervalMs);
    this.timer.unref?.();
  }

  /** What arrived so far, for a listener that joins in the middle; null when no first listing is under way. */
  soFar(): ToolsArrivingEvent | null {
    return this.active ? { type: "tools-arriving", tools: [...this.tools], soFar: this.tools.length, reset: true } : null;
  }

  private flush(): void {
    if (!this.active) return;
    if (this.restarted) {
      this.restarted = false;
      this.listeners.emit({ type: "tools-arriving", tools: [...this.tools], soFar: this.tools.length, reset: true });
      return;
    }
    if (this.unsent.length === 0) return;
    const tools = this.unsent;
    this.unsent = [];
    this.listeners.emit({ type: "tools-arriving", tools, soFar: this.tools.length, reset: false });
  }

  private end(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.active = false;
    this.tools = [];
    this.unsent = [];
    this.restarted = false;
  }
}
