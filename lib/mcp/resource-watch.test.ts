// Watching a resource and hearing list changes through Toolscope's own connection, against the
// demo server on both revision eras: 2026-07-28 (subscriptions/listen) over stdio and Streamable
// HTTP, and 2025-11-25 (resources/subscribe) over stdio. The demo clock moves every 400 ms here
// (TOOLSCOPE_DEMO_CLOCK_MS), not every 3 s: the test waits for ticks, not for time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoHttpServer, type DemoHttpServer } from "@/lib/demo-server/http";
import { CLOCK_URI } from "@/lib/demo-server/clock";
import { DEMO_CLI } from "@/test/demo-client";
import { REPO_ROOT, stdioCommand } from "@/test/fixtures/spawn";
import { programArgs } from "@/test/programs";
import { AppError } from "@/lib/errors";
import { ServerConnection } from "./connection";
import type { ConnectionEvent } from "./connection-event";
import { ServerConfigSchema, type ServerConfig } from "../domain/server-config";
import { watchMethod, watchResource } from "./resource-watch";
import { serverNotices } from "./server-messages";
import { SHARED } from "@/lib/oauth/oauth-store";

const TICK_MS = "400";
// The demo over HTTP runs in this process; each one over stdio is told in its environment.
process.env.TOOLSCOPE_DEMO_CLOCK_MS = TICK_MS;

const demo = (id: string, ...extra: string[]): ServerConfig =>
  ServerConfigSchema.parse({
    id,
    name: id,
    transport: "stdio",
    command: process.execPath,
    args: [...programArgs(DEMO_CLI), "stdio", ...extra],
    cwd: REPO_ROOT,
    env: { TOOLSCOPE_DEMO_CLOCK_MS: TICK_MS },
  });

/** Resolves with the time of the next update the watcher hears; rejects when none came in 15 s (dozens of ticks). */
function nextUpdate(listen: (onUpdated: () => void) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no update within 15 s")), 15_000);
    listen(() => {
      clearTimeout(timer);
      resolve(Date.now());
    });
  });
}

describe("watching a resource", () => {
  let http: DemoHttpServer;
  const connections: ServerConnection[] = [];
  beforeAll(async () => {
    http = await startDemoHttpServer({});
  });
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.close()));
    await http?.close();
  });

  async function connect(config: ServerConfig): Promise<ServerConnection> {
    const connection = new ServerConnection(config, "database", 10_000);
    connections.push(connection);
    await connection.ready();
    return connection;
  }

  it.each([
    ["2026-07-28 over stdio", () => demo("modern-stdio"), "2026-07-28", "subscriptions/listen"],
    [
      "2026-07-28 over Streamable HTTP",
      () => ServerConfigSchema.parse({ id: "modern-http", name: "h", transport: "streamable-http", url: http.url }),
      "2026-07-28",
      "subscriptions/listen",
    ],
    ["2025-11-25 over stdio", () => demo("legacy-stdio", "--legacy"), "2025-11-25", "resources/subscribe"],
  ] as const)(
    "hears the clock move on %s, once per watcher, and stops asking when the last goes",
    async (_label, make, revision, method) => {
      const connection = await connect(make());
      expect(connection.snapshot().protocolVersion).toBe(revision);
      const client = await connection.ready();
      expect(watchMethod(client)).toBe(method);

      let first: (() => void) | undefined;
      let second: (() => void) | undefined;
      const ended: string[] = [];
      const stopFirst = await watchResource(client, CLOCK_URI, { updated: () => first?.(), ended: ({ reason }) => ended.push(reason) });
      const stopSecond = await watchResource(client, CLOCK_URI, { updated: () => second?.(), ended: ({ reason }) => ended.push(reason) });
      const [a, b] = await Promise.all([nextUpdate((f) => (first = f)), nextUpdate((f) => (second = f))]);
      // One notification told both watchers.
      expect(Math.abs(a - b)).toBeLessThan(500);

      // The first goes; the second still hears.
      await stopFirst();
      first = () => expect.unreachable("a watcher that stopped heard an update");
      await nextUpdate((f) => (second = f));
      await stopSecond();
      expect(ended).toEqual([]);

      // Asked again after the last went, the server subscribes again.
      let third: (() => void) | undefined;
      const stopThird = await watchResource(client, CLOCK_URI, { updated: () => third?.(), ended: () => undefined });
      await nextUpdate((f) => (third = f));
      await stopThird();

      // The server's page tells of it: each update heard, and on 2026-07-28 the listen stream closed with a cancellation.
      const notices = serverNotices(connection.config.id, SHARED);
      expect(notices).toContainEqual(
        expect.objectContaining({ direction: "in", method: "notifications/resources/updated", text: CLOCK_URI }),
      );
      if (revision === "2026-07-28")
        expect(notices).toContainEqual(expect.objectContaining({ direction: "out", method: "notifications/cancelled" }));
    },
    // A connect and three ticks, or up to 15 s each when an update does not come.
    60_000,
  );

  it("refuses, sending nothing, a server that offers no subscriptions", async () => {
    const connection = await connect(
      ServerConfigSchema.parse({ id: "no-subscribe", name: "n", transport: "stdio", ...stdioCommand("legacy-2024.ts") }),
    );
    const client = await connection.ready();
    const refused = await watchResource(client, "file:///x", { updated: () => undefined, ended: () => undefined }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toMatch(/does not offer resource subscriptions/);
  });

  it.each([
    ["2026-07-28", () => demo("modern-lists")],
    ["2025-11-25", () => demo("legacy-lists", "--legacy")],
  ] as const)("tells its listeners when the server's resources and prompts change (%s)", async (_label, make) => {
    const connection = await connect(make());
    const lists: string[] = [];
    connection.subscribe((event: ConnectionEvent) => {
      if (event.type === "list") lists.push(event.list);
    });
    await connection.callTool("toggle_bonus_tool", {});
    await expect.poll(() => [...lists].sort(), { timeout: 10_000 }).toEqual(["prompts", "resources"]);
    await connection.callTool("toggle_bonus_tool", {});
    await expect.poll(() => lists.length, { timeout: 10_000 }).toBe(4);
  });
});
