// A connection's own code (session, catalog, calls, reconnects) against the demo server in this
// process, over the SDK's in-memory transport: no child process, no port.
import { afterEach, describe, expect, it } from "vitest";
import { probeServers } from "@/test/fixtures/probe-server";
import { inMemoryDemo, inMemoryServer, type InMemoryDemo, type InMemoryServer } from "@/test/in-memory-server";
import { toolResult } from "@/test/tool-result";
import { ServerConfigSchema } from "@/lib/domain/server-config";
import { ServerConnection } from "./connection";
import { MAX_LIST_PAGES } from "./list-tools";

const CONFIG = ServerConfigSchema.parse({ id: "demo-memory", name: "Demo in memory", transport: "stdio", command: "in-memory" });

let demo: InMemoryDemo;
let connection: ServerConnection | undefined;
let probe: InMemoryServer | undefined;

afterEach(async () => {
  await connection?.close();
  await demo?.close();
  await probe?.close();
});

function connect(options: Parameters<typeof inMemoryDemo>[0] = {}): ServerConnection {
  demo = inMemoryDemo(options);
  connection = new ServerConnection(CONFIG, "database", 10_000, undefined, demo.transports);
  return connection;
}

describe("a connection to the demo server in memory", () => {
  it("negotiates 2026-07-28, lists every tool and calls one", async () => {
    const c = connect();
    await c.ready();
    expect(c.snapshot()).toMatchObject({ status: "ready", protocolVersion: "2026-07-28", toolCount: 26, invalidToolCount: 0 });
    const result = await toolResult(c, "echo", { message: "hello" });
    expect(result.content[0]).toMatchObject({ type: "text", text: "hello" });
  });

  it("stops after MAX_LIST_PAGES pages and says so, keeping what it read", async () => {
    const c = connect({ generatedTools: 250, pageSize: 1 });
    await c.ready();
    const catalog = c.catalog();
    expect(catalog.tools.length + catalog.invalid.length).toBe(MAX_LIST_PAGES);
    expect(catalog.warning).toMatch(new RegExp(`more than ${MAX_LIST_PAGES} pages of tools`));
  });

  it("lists its tools again when the server announces a change", async () => {
    const c = connect();
    await c.ready();
    const before = c.catalog().tools.length;
    const announced: boolean[] = [];
    c.subscribe((event) => event.type === "tools" && announced.push(event.announced));
    await toolResult(c, "toggle_bonus_tool", {});
    await expect.poll(() => c.catalog().tools.length, { timeout: 5_000 }).toBe(before + 1);
    expect(announced).toContain(true);
  });

  it("fails, says why, and connects again after its backoff when the server comes back", async () => {
    const c = connect();
    await c.ready();
    // The server's end goes away: the connection notices, fails and schedules its next attempt.
    await demo.close();
    await expect.poll(() => c.snapshot().status, { timeout: 5_000 }).toBe("failed");
    expect(c.snapshot().retryAt).not.toBeNull();
    await c.retryNow();
    expect(c.snapshot().status).toBe("ready");
    expect(demo.attempts()).toBeGreaterThanOrEqual(2);
  });
});

describe("a connection to the probe server in memory", () => {
  it("shares one connection attempt among calls that arrive before it is connected, and runs them side by side", async () => {
    probe = inMemoryServer(probeServers());
    connection = new ServerConnection({ ...CONFIG, id: "probe-memory" }, "database", 10_000, undefined, probe.transports);
    const c = connection;
    const statuses: string[] = [];
    c.subscribe((event) => event.type === "status" && statuses.push(event.snapshot.status));
    const results = await Promise.all(Array.from({ length: 16 }, () => toolResult(c, "sleep", { ms: 200 })));
    const running = results.map((result) => (result.structuredContent as { running: number }).running);
    expect(statuses).toEqual(["connecting", "ready"]);
    expect(probe.attempts()).toBe(1);
    // Behind a lock every call would finish alone (1).
    expect(Math.max(...running)).toBeGreaterThanOrEqual(8);
  });
});
