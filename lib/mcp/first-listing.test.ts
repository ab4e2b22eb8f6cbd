// The first listing of a server reaches the listeners page by page, batched, and only the first.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Tool } from "@modelcontextprotocol/client";
import { inMemoryDemo, type InMemoryDemo } from "@/test/in-memory-server";
import { toolResult } from "@/test/tool-result";
import { ServerConfigSchema } from "@/lib/domain/server-config";
import type { ServerSnapshot } from "@/lib/domain/mcp-types";
import { ServerConnection } from "./connection";
import type { ConnectionEvent } from "./connection-event";
import { FirstListing } from "./first-listing";
import { Subscribers } from "./subscribers";

const tools = (...names: string[]): Tool[] => names.map((name) => ({ name, inputSchema: { type: "object" } }));
const names = (event: ConnectionEvent | null | undefined): string[] =>
  event?.type === "tools-arriving" ? event.tools.map((tool) => tool.name) : [];

describe("FirstListing", () => {
  afterEach(() => vi.useRealTimers());

  function listening(): { listing: FirstListing; listeners: Subscribers<ConnectionEvent>; heard: ConnectionEvent[] } {
    const listeners = new Subscribers<ConnectionEvent>();
    const listing = new FirstListing(listeners, 100);
    const heard: ConnectionEvent[] = [];
    listeners.add((event) => event.type === "tools-arriving" && heard.push(event));
    return { listing, listeners, heard };
  }

  it("tells the first page at once and the next ones together, once per interval", () => {
    vi.useFakeTimers();
    const { listing, heard } = listening();
    listing.begin();
    listing.heard(tools("a", "b"));
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ soFar: 2, reset: false });
    listing.heard(tools("c"));
    listing.heard(tools("d", "e"));
    expect(heard).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(heard).toHaveLength(2);
    expect(names(heard[1])).toEqual(["c", "d", "e"]);
    expect(heard[1]).toMatchObject({ soFar: 5, reset: false });
    // One who joins now gets everything so far in one go.
    expect(names(listing.soFar())).toEqual(["a", "b", "c", "d", "e"]);
    expect(listing.soFar()).toMatchObject({ reset: true, soFar: 5 });
  });

  it("ignores pages outside a first listing, and ends with the whole list or a failure", () => {
    vi.useFakeTimers();
    const { listing, listeners, heard } = listening();
    listing.heard(tools("early"));
    expect(heard).toHaveLength(0);
    expect(listing.soFar()).toBeNull();

    listing.begin();
    listing.heard(tools("a"));
    listing.heard(tools("b"));
    listeners.emit({
      type: "tools",
      snapshot: {} as ServerSnapshot,
      catalog: { tools: [], invalid: [], lint: {}, warning: null },
      announced: false,
    });
    expect(listing.soFar()).toBeNull();
    vi.advanceTimersByTime(500);
    expect(heard).toHaveLength(1); // the batch holding "b" was superseded by the whole list

    listing.begin();
    listing.heard(tools("c"));
    listeners.emit({ type: "status", snapshot: { status: "failed" } as ServerSnapshot });
    expect(listing.soFar()).toBeNull();
    listing.heard(tools("d"));
    expect(heard.map(names)).toEqual([["a"], ["c"]]);
  });
});

describe("FirstListing, when the walk starts over", () => {
  afterEach(() => vi.useRealTimers());

  it("replaces what was told with the new walk's tools, in one reset", () => {
    vi.useFakeTimers();
    const listeners = new Subscribers<ConnectionEvent>();
    const listing = new FirstListing(listeners, 100);
    const heard: ConnectionEvent[] = [];
    listeners.add((event) => event.type === "tools-arriving" && heard.push(event));
    listing.begin();
    listing.heard(tools("a", "b"), true);
    listing.heard(tools("c"));
    listing.heard(tools("a", "b"), true);
    listing.heard(tools("c", "d"));
    vi.advanceTimersByTime(100);
    expect(heard.map(names)).toEqual([
      ["a", "b"],
      ["a", "b", "c", "d"],
    ]);
    expect(heard[1]).toMatchObject({ reset: true, soFar: 4 });
    listing.heard(tools("e"));
    vi.advanceTimersByTime(100);
    expect(heard[2]).toMatchObject({ reset: false, soFar: 5 });
    expect(names(listing.soFar())).toEqual(["a", "b", "c", "d", "e"]);
  });
});

describe("a connection's first listing", () => {
  let demo: InMemoryDemo | undefined;
  let connection: ServerConnection | undefined;
  afterEach(async () => {
    await connection?.close();
    await demo?.close();
  });

  it("reaches listeners page by page before the whole list, and a later listing does not", async () => {
    demo = inMemoryDemo({ generatedTools: 500, pageSize: 100, pageDelayMs: 60 });
    const config = ServerConfigSchema.parse({ id: "slow-pages", name: "Slow pages", transport: "stdio", command: "in-memory" });
    connection = new ServerConnection(config, "file", 10_000, undefined, demo.transports);
    const events: ConnectionEvent[] = [];
    connection.subscribe((event) => event.type !== "status" && events.push(event));
    await connection.ready();

    const whole = events.findIndex((event) => event.type === "tools");
    const arriving = events.filter((event) => event.type === "tools-arriving");
    expect(whole).toBeGreaterThan(0);
    expect(events.slice(0, whole).every((event) => event.type === "tools-arriving")).toBe(true);
    // Pages 60 ms apart, batches 150 ms apart: the first page alone, then more than one batch.
    expect(arriving.length).toBeGreaterThanOrEqual(2);
    expect(arriving[0]).toMatchObject({ soFar: 100, reset: false });
    const soFar = arriving.map((event) => (event.type === "tools-arriving" ? event.soFar : 0));
    expect(soFar).toEqual([...soFar].sort((a, b) => a - b));
    const told = arriving.flatMap((event) => names(event));
    expect(told).toEqual(
      connection
        .catalog()
        .tools.slice(0, told.length)
        .map((tool) => tool.name),
    );
    expect(connection.arriving.soFar()).toBeNull();

    // The server announces a change: the list is listed again as a whole, not page by page.
    events.length = 0;
    await toolResult(connection, "toggle_bonus_tool", {});
    await expect.poll(() => events.some((event) => event.type === "tools"), { timeout: 10_000 }).toBe(true);
    expect(events.filter((event) => event.type === "tools-arriving")).toEqual([]);
  });

  it("tells no tool twice when the SDK gives up past its page cap and Toolscope walks the pages again", async () => {
    // 250 pages of one tool, 3 ms apart so the walks span several batches: past the SDK's cap of 200
    // pages, list-tools.ts starts a walk of its own from the first page.
    demo = inMemoryDemo({ generatedTools: 250, pageSize: 1, pageDelayMs: 3 });
    const config = ServerConfigSchema.parse({ id: "many-pages", name: "Many pages", transport: "stdio", command: "in-memory" });
    connection = new ServerConnection(config, "file", 10_000, undefined, demo.transports);
    let shown: string[] = [];
    let duplicates = 0;
    connection.subscribe((event) => {
      if (event.type !== "tools-arriving") return;
      shown = event.reset ? event.tools.map((tool) => tool.name) : shown.concat(event.tools.map((tool) => tool.name));
      if (new Set(shown).size !== shown.length) duplicates++;
    });
    await connection.ready();
    expect(shown.length).toBeGreaterThan(0);
    expect(duplicates).toBe(0);
  });
});
