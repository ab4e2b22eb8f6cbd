// The bus between Toolscope processes, on the PostgreSQL server at 127.0.0.1:5432: processes
// are ClusterBus instances with their own database handles and listening connections, in a
// schema of their own (dropped afterwards), as replicas are.
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseTarget } from "@/lib/db/connect";
import { migrateToLatest } from "@/lib/db/migrate";
import type { Database } from "@/lib/db/schema";
import { watchFeatureLists } from "@/lib/mcp/pool";
import { installClusterHandlers } from "@/lib/server/cluster-handlers";
import { ClusterBus } from "./bus";
import { SeenMessages } from "./seen-messages";

const POSTGRES_URL = process.env.TOOLSCOPE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  await client.query(query);
  await client.end();
}

type Replica = { bus: ClusterBus; db: Kysely<Database> };
const schemas: string[] = [];
const replicas: Replica[] = [];

async function schema(): Promise<DatabaseTarget> {
  const name = `toolscope_bus_${randomBytes(4).toString("hex")}`;
  await admin(`create schema ${name}`);
  schemas.push(name);
  const target: DatabaseTarget = { kind: "postgres", url: POSTGRES_URL, searchPath: name };
  const db = openDatabase(target);
  await migrateToLatest(db as Kysely<unknown>);
  await db.destroy();
  return target;
}

/** The key every replica of a deployment shares (derived from TOOLSCOPE_SECRET_KEY in Toolscope). */
const KEY = randomBytes(32);

async function replica(target: DatabaseTarget, name: string, key = KEY): Promise<ClusterBus> {
  const db = openDatabase(target);
  const bus = new ClusterBus(db, target, name, key);
  replicas.push({ bus, db });
  await bus.start();
  return bus;
}

/** A cancel as one process asks another for it (an admin's: any call). */
const CANCEL = { auditId: "c0", by: { owner: "local", isAdmin: true } };

/** Resolves with what `topic` delivers next to `bus`. */
function next(bus: ClusterBus, topic: "invalidate" | "tools-changed"): Promise<{ body: unknown; from: string }> {
  return new Promise((resolve) => bus.handle(topic, (body, from) => resolve({ body, from })));
}

/** The channel of a deployment in `target`'s schema. */
function channelOf(target: DatabaseTarget): string {
  return `toolscope_${(target as { searchPath: string }).searchPath}`;
}

/**
 * What someone who may connect to the database can do without the key: LISTEN on the channel
 * and keep every payload, then NOTIFY them again.
 */
async function eavesdrop(target: DatabaseTarget): Promise<{ payloads: string[]; resend: () => Promise<void>; end: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  const payloads: string[] = [];
  client.on("notification", (message) => payloads.push(message.payload ?? ""));
  await client.query(`listen "${channelOf(target)}"`);
  return {
    payloads,
    resend: async () => {
      // A copy: the notifications sent here come back to this listener too.
      for (const payload of [...payloads]) await client.query("select pg_notify($1, $2)", [channelOf(target), payload]);
    },
    end: () => client.end(),
  };
}

let target: DatabaseTarget;

beforeAll(async () => {
  target = await schema();
});

afterAll(async () => {
  for (const { bus, db } of replicas) {
    await bus.stop();
    await db.destroy();
  }
  for (const name of schemas) await admin(`drop schema ${name} cascade`);
});

describe("the bus between Toolscope processes (PostgreSQL)", () => {
  it("broadcasts to every other process, not back to the sender", async () => {
    const [a, b, c] = [await replica(target, "a1"), await replica(target, "b1"), await replica(target, "c1")];
    expect([a.listening, b.listening, c.listening]).toEqual([true, true, true]);
    let echoed = false;
    a.handle("invalidate", () => (echoed = true));
    const atB = next(b, "invalidate");
    const atC = next(c, "invalidate");
    await a.broadcast("invalidate", { what: "servers" });
    expect(await atB).toEqual({ body: { what: "servers" }, from: "a1" });
    expect(await atC).toEqual({ body: { what: "servers" }, from: "a1" });
    // A round trip after the broadcast: had the sender heard its own message, it would have by now.
    b.handle("cancel", () => "pong");
    expect(await a.ask("b1", "cancel", CANCEL)).toBe("pong");
    expect(echoed).toBe(false);
  });

  it("asks one process and gets its answer; only that process is asked", async () => {
    const [a, b, c] = [await replica(target, "a2"), await replica(target, "b2"), await replica(target, "c2")];
    const asked: string[] = [];
    b.handle("cancel", (body) => {
      asked.push("b2");
      return { cancelled: body.auditId };
    });
    c.handle("cancel", () => {
      asked.push("c2");
      return true;
    });
    expect(await a.ask("b2", "cancel", { ...CANCEL, auditId: "x1" })).toEqual({ cancelled: "x1" });
    expect(asked).toEqual(["b2"]);
  });

  it("answers undefined when the process asked is gone, after the timeout", async () => {
    const a = await replica(target, "a3");
    const started = Date.now();
    expect(await a.ask("nobody", "cancel", CANCEL, 300)).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("carries a message larger than a notification through the database, and cleans it up", async () => {
    const [a, b] = [await replica(target, "a4"), await replica(target, "b4")];
    const text = "x".repeat(50_000);
    b.handle("input-answer", (body) => body.answer.text?.length);
    expect(await a.ask("b4", "input-answer", { serverId: "s", id: "i", answer: { action: "accept", text } })).toBe(50_000);
    const db = replicas.find((r) => r.bus === a)!.db;
    // The request was for b4 alone: read, then deleted. (The reply was small.)
    expect(await db.selectFrom("cluster_messages").selectAll().execute()).toEqual([]);
  });

  it("keeps deployments in two schemas of one database apart", async () => {
    const other = await schema();
    const [a, b] = [await replica(target, "a5"), await replica(other, "b5")];
    let heard = false;
    b.handle("invalidate", () => (heard = true));
    const c = await replica(target, "c5");
    const atC = next(c, "invalidate");
    await a.broadcast("invalidate", { what: "policies" });
    await atC;
    expect(heard).toBe(false);
  });

  it("drops what it cannot open (another key, not sealed, malformed) and keeps working", async () => {
    const [a, b] = [await replica(target, "a7"), await replica(target, "b7")];
    const stranger = await replica(target, "x7", randomBytes(32));
    let heard = 0;
    b.handle("invalidate", () => heard++);
    await stranger.broadcast("invalidate", { what: "servers" });
    // Anyone who may connect to the database may notify on the channel.
    const channel = channelOf(target);
    for (const payload of ["null", "{}", '{"t":"cancel","f":"x","at":0}', "enc:v1:AAAA", "ref:nope", "not json"])
      await admin(`select pg_notify('${channel}', '${payload}')`);
    b.handle("cancel", () => "still here");
    expect(await a.ask("b7", "cancel", CANCEL)).toBe("still here");
    expect(heard).toBe(0);
  });

  it("checks every message against its topic: a sender's malformed one throws, a received one is dropped", async () => {
    const [a, b] = [await replica(target, "a9"), await replica(target, "b9")];
    await expect(a.broadcast("invalidate", { what: "everything" } as never)).rejects.toThrow();
    await expect(a.ask("b9", "cancel", { auditId: "c9" } as never)).rejects.toThrow();
    let handled = 0;
    b.handle("cancel", () => ++handled);
    // Sealed with the right key, as a process of an older or buggy version could send it.
    const send = (a as unknown as { send(envelope: object): Promise<void> }).send.bind(a);
    await send({ t: "cancel", f: "a9", to: "b9", id: "q1", b: { auditId: 7 } });
    expect(await a.ask("b9", "cancel", { ...CANCEL, auditId: "c9" })).toBe(1);
    expect(handled).toBe(1);
  });

  it("acts once on a message someone with database access sends again", async () => {
    // A schema of its own: nobody else's pings among what is captured.
    const own = await schema();
    const [a, b] = [await replica(own, "a8"), await replica(own, "b8")];
    const taken: string[] = [];
    b.handle("invalidate", (body) => taken.push(`invalidate ${body.what} ${"serverId" in body ? body.serverId.length : 0}`));
    b.handle("cancel", (body) => {
      taken.push(`cancel ${body.auditId}`);
      return true;
    });
    const spy = await eavesdrop(own);
    await a.broadcast("invalidate", { what: "servers" });
    // Too large to notify: the notification names a row, which stays for other readers.
    await a.broadcast("invalidate", { what: "oauth-grant", serverId: "s".repeat(20_000), principal: "p" });
    expect(await a.ask("b8", "cancel", { ...CANCEL, auditId: "c1" })).toBe(true);
    // (The stored message is read from the database first: it may be taken after the ask.)
    const once = ["cancel c1", "invalidate oauth-grant 20000", "invalidate servers 0"];
    await expect.poll(() => [...taken].sort()).toEqual(once);
    // Two broadcasts, the ask and its reply: the sealed payloads as PostgreSQL carried them.
    await expect.poll(() => spy.payloads.length).toBe(4);
    await spy.resend();
    await spy.end();
    // A message sent after the copies is heard after them (one channel, in order); the copy of
    // the stored message is read from the database first, hence a moment more.
    b.handle("task", () => "after");
    expect(await a.ask("b8", "task", { op: "get", serverId: "s", taskId: "t" })).toBe("after");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([...taken].sort()).toEqual(once);
  });

  it("listens again after its connection is cut, and says so (caches go)", async () => {
    const [a, b] = [await replica(target, "a6"), await replica(target, "b6")];
    let resyncs = 0;
    b.onResync(() => resyncs++);
    // Ends b6's listening connection from the server side, as a database restart would.
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where query like 'listen %' and pid <> pg_backend_pid() and datname = current_database() and query like $1`,
      [`%${(target as { searchPath: string }).searchPath}%`],
    );
    await client.end();
    await expect.poll(() => resyncs, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(b.listening).toBe(true);
    const atB = next(b, "tools-changed");
    await a.broadcast("tools-changed", { serverId: "demo" });
    expect((await atB).body).toEqual({ serverId: "demo" });
  });
});

describe("what a process does with what it hears", () => {
  it("tells its agents' endpoints that a server's resources or prompts changed, heard by another process", async () => {
    const [a, b] = [await replica(target, "a9"), await replica(target, "b9")];
    installClusterHandlers(b);
    const heard: [string, string][] = [];
    const stop = watchFeatureLists((serverId, list) => void heard.push([serverId, list]));
    try {
      await a.broadcast("features-changed", { serverId: "demo", list: "prompts" });
      await expect.poll(() => heard, { timeout: 10_000 }).toEqual([["demo", "prompts"]]);
    } finally {
      stop();
    }
  });
});

describe("the ids a process remembers (bounded memory)", () => {
  const MAX_AGE = 1_000;

  it("drops a repeat, and forgets an id once its message is stale anyway", () => {
    const seen = new SeenMessages(MAX_AGE, 100);
    expect(seen.firstSighting("m1", 10_000, 10_000)).toBe(true);
    expect(seen.firstSighting("m1", 10_000, 10_500)).toBe(false);
    expect(seen.firstSighting("m2", 10_600, 10_600)).toBe(true);
    // m1 is stale (older than MAX_AGE) and would be dropped before it got here: its id goes.
    expect(seen.firstSighting("m3", 11_100, 11_100)).toBe(true);
    expect(seen.size).toBe(2);
    expect(seen.firstSighting("m3", 11_100, 12_000)).toBe(false);
  });

  it("past the cap, forgets the oldest and refuses anything sent before it, never taking it again", () => {
    const seen = new SeenMessages(MAX_AGE, 3);
    for (const [id, at] of [
      ["m1", 100],
      ["m2", 200],
      ["m3", 300],
      ["m4", 400],
    ] as const)
      expect(seen.firstSighting(id, at, 400)).toBe(true);
    expect(seen.size).toBe(3);
    // m1's id is forgotten, but not taken again: the window now starts after it.
    expect(seen.firstSighting("m1", 100, 450)).toBe(false);
    expect(seen.firstSighting("late", 90, 450)).toBe(false);
    expect(seen.firstSighting("m2", 200, 450)).toBe(false);
    expect(seen.firstSighting("m5", 450, 450)).toBe(true);
    expect(seen.size).toBe(3);
  });
});

describe("the bus on SQLite", () => {
  it("is silent: there is no other process", async () => {
    const db = openDatabase({ kind: "sqlite", file: ":memory:" });
    const bus = new ClusterBus(db, { kind: "sqlite", file: ":memory:" }, "solo", KEY);
    await bus.start();
    expect(bus.shared).toBe(false);
    await bus.broadcast("invalidate", { what: "servers" });
    expect(await bus.ask("other", "cancel", CANCEL)).toBeUndefined();
    await bus.stop();
    await db.destroy();
  });
});
