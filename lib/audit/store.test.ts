// The audit store against both real databases: SQLite in a temporary file and the
// PostgreSQL server on 127.0.0.1:5432 (in a schema of its own, dropped afterwards).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseTarget } from "@/lib/db/connect";
import { migrateToLatest, migrator } from "@/lib/db/migrate";
import type { Database } from "@/lib/db/schema";
import { explainFirstPage } from "@/bench/lib/audit-queries";
import { LEASE_MS, processInstance, type AuditInstance } from "../cluster/instances";
import { createAuditStore, newAuditId, type AuditFilters } from "./store";

const POSTGRES_URL = process.env.TOOLSCOPE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

type Fixture = { target: DatabaseTarget; cleanup: () => Promise<void> };

/** The schema a fixture's tables live in (PostgreSQL), to stop the app's migrations at one of them. */
const schemaOf = (fixture: Fixture): string | undefined => (fixture.target.kind === "postgres" ? fixture.target.searchPath : undefined);

async function sqliteFixture(): Promise<Fixture> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-audit-"));
  return {
    target: { kind: "sqlite", file: path.join(dir, "audit.db") },
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresFixture(): Promise<Fixture> {
  const schema = `toolscope_test_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    target: { kind: "postgres", url: POSTGRES_URL, searchPath: schema },
    cleanup: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

describe.each([
  ["SQLite", sqliteFixture],
  ["PostgreSQL", postgresFixture],
])("audit store on %s", (_name, makeFixture) => {
  let fixture: Fixture;
  let db: Kysely<Database>;

  beforeAll(async () => {
    fixture = await makeFixture();
    db = openDatabase(fixture.target);
    await migrateToLatest(db as Kysely<unknown>);
  });
  afterAll(async () => {
    await db?.destroy();
    await fixture?.cleanup();
  });

  it("migrates idempotently", async () => {
    await migrateToLatest(db as Kysely<unknown>);
    const { rows } = await sql<{ n: number }>`select count(*) as n from audit_log`.execute(db);
    expect(Number(rows[0]?.n)).toBeGreaterThanOrEqual(0);
  });

  it("writes a pending record before the call and completes it after", async () => {
    const store = createAuditStore(db);
    const { id, startedAt } = await store.startInvocation({
      actor: "local",
      serverId: "demo",
      serverTarget: "node demo.js",
      protocolVersion: "2026-07-28",
      toolName: "echo",
      arguments: { message: "hi", nested: { list: [1, 2] } },
    });
    const pending = await store.getInvocation(id);
    expect(pending).toMatchObject({ outcome: "pending", ended_at: null, tool_name: "echo", server_id: "demo" });
    expect(JSON.parse(pending!.arguments)).toEqual({ message: "hi", nested: { list: [1, 2] } });

    await store.finishInvocation({
      id,
      startedAt,
      outcome: "ok",
      result: { content: [{ type: "text", text: "hi" }] },
      outputVerdict: "none",
    });
    const done = await store.getInvocation(id);
    expect(done).toMatchObject({ outcome: "ok", output_verdict: "none", error_code: null });
    expect(done!.ended_at).not.toBeNull();
    expect(Number(done!.duration_ms)).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(done!.result!)).toEqual({ content: [{ type: "text", text: "hi" }] });
  });

  it("keeps a protocol error's code and message", async () => {
    const store = createAuditStore(db);
    const { id, startedAt } = await store.startInvocation({
      actor: "local",
      serverId: "demo",
      serverTarget: "x",
      protocolVersion: null,
      toolName: "protocol_error",
      arguments: {},
    });
    await store.finishInvocation({ id, startedAt, outcome: "protocol_error", errorCode: -32603, errorMessage: "refused" });
    expect(await store.getInvocation(id)).toMatchObject({
      outcome: "protocol_error",
      error_code: -32603,
      error_message: "refused",
      result: null,
    });
  });

  it("lists newest first, filters, and pages with a cursor", async () => {
    const store = createAuditStore(db);
    const serverId = `page-${randomBytes(3).toString("hex")}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { id } = await store.startInvocation({
        actor: "local",
        serverId,
        serverTarget: "x",
        protocolVersion: null,
        toolName: i % 2 ? "odd" : "even",
        arguments: { i },
      });
      ids.push(id);
    }
    const all = await store.listInvocations({ serverId });
    expect(all.map((r) => r.id)).toEqual([...ids].reverse());
    const firstPage = await store.listInvocations({ serverId, limit: 2 });
    const secondPage = await store.listInvocations({ serverId, limit: 2, before: firstPage.at(-1)!.id });
    expect([...firstPage, ...secondPage].map((r) => r.id)).toEqual([...ids].reverse().slice(0, 4));
    expect((await store.listInvocations({ serverId, toolName: "odd" })).map((r) => JSON.parse(r.arguments).i)).toEqual([3, 1]);
  });

  it("filters by outcome as the list shows it: a result that fails its outputSchema is not a success", async () => {
    const store = createAuditStore(db);
    const serverId = `verdict-${randomBytes(3).toString("hex")}`;
    const verdicts = { matches: "valid", unchecked: "none", mismatch: "invalid", legacy: undefined } as const;
    for (const [toolName, outputVerdict] of Object.entries(verdicts)) {
      const started = await store.startInvocation({
        actor: "local",
        serverId,
        serverTarget: "x",
        protocolVersion: null,
        toolName,
        arguments: {},
      });
      await store.finishInvocation({ ...started, outcome: "ok", result: { content: [] }, ...(outputVerdict ? { outputVerdict } : {}) });
    }
    const names = async (outcome: "ok" | "output_mismatch"): Promise<string[]> =>
      (await store.listInvocations({ serverId, outcome })).map((r) => r.tool_name).sort();
    expect(await names("ok")).toEqual(["legacy", "matches", "unchecked"]);
    expect(await names("output_mismatch")).toEqual(["mismatch"]);
    // The text search takes the same filters.
    expect((await store.listInvocations({ serverId, outcome: "output_mismatch", q: "content" })).map((r) => r.tool_name)).toEqual([
      "mismatch",
    ]);
  });

  async function call(store: ReturnType<typeof createAuditStore>, fields: Partial<Parameters<typeof store.startInvocation>[0]> = {}) {
    const started = await store.startInvocation({
      actor: "local",
      serverId: "chain",
      serverTarget: "x",
      protocolVersion: null,
      toolName: "echo",
      arguments: { n: 1 },
      ...fields,
    });
    await store.finishInvocation({ ...started, outcome: "ok", result: { content: [] }, outputVerdict: "none" });
    return started.id;
  }

  it("chains records completed concurrently, and a record completed twice only once", async () => {
    const store = createAuditStore(db);
    const before = (await store.verifyChain()).checked;
    const started = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.startInvocation({
          actor: "ada",
          serverId: "concurrent",
          serverTarget: "x",
          protocolVersion: null,
          toolName: "t",
          arguments: { i },
        }),
      ),
    );
    // Every record twice at once, with different outcomes: the first completion to take the chain's head wins.
    await Promise.all(
      started.flatMap((record) => [
        store.finishInvocation({ ...record, outcome: "ok", result: { content: [] } }),
        store.finishInvocation({ ...record, outcome: "cancelled", errorMessage: "second" }),
      ]),
    );
    expect(await store.verifyChain()).toMatchObject({ ok: true, checked: before + 20 });
    for (const record of started) {
      const stored = await store.getInvocation(record.id);
      expect(["ok", "cancelled"]).toContain(stored!.outcome);
      expect(stored!.error_message).toBe(stored!.outcome === "cancelled" ? "second" : null);
    }
  });

  it("chains completed records and finds the first one that was changed or removed", async () => {
    const store = createAuditStore(db);
    expect(await store.verifyChain()).toMatchObject({ ok: true, firstBroken: null });
    const ids = [await call(store), await call(store), await call(store)];
    const intact = await store.verifyChain();
    expect(intact.ok).toBe(true);
    const records = await Promise.all(ids.map((id) => store.getInvocation(id)));
    expect(records.every((r) => r!.hash && r!.chain_seq !== null)).toBe(true);
    expect(records[1]!.prev_hash).toBe(records[0]!.hash);

    // Someone edits the middle record's arguments in the database.
    await db.updateTable("audit_log").set({ arguments: '{"n":2}' }).where("id", "=", ids[1]!).execute();
    const edited = await store.verifyChain();
    expect(edited).toMatchObject({ ok: false, firstBroken: { id: ids[1], seq: Number(records[1]!.chain_seq) } });
    expect(edited.firstBroken!.reason).toMatch(/contents changed/);
    await db.updateTable("audit_log").set({ arguments: records[1]!.arguments }).where("id", "=", ids[1]!).execute();
    expect((await store.verifyChain()).ok).toBe(true);

    // Someone deletes it.
    await db.deleteFrom("audit_log").where("id", "=", ids[1]!).execute();
    const deleted = await store.verifyChain();
    expect(deleted).toMatchObject({ ok: false, firstBroken: { seq: Number(records[1]!.chain_seq) } });
    expect(deleted.firstBroken!.reason).toMatch(/missing/);
    // Put it back so the other tests see an intact chain.
    await db.insertInto("audit_log").values(records[1]!).execute();
    expect((await store.verifyChain()).ok).toBe(true);
  });

  it("keeps where a call was made from, chained: a record's via cannot be changed or removed unnoticed", async () => {
    const store = createAuditStore(db);
    const start = (via?: string) =>
      store.startInvocation({ actor: "ada", serverId: "via", serverTarget: "x", protocolVersion: null, toolName: "t", arguments: {}, via });
    const fromApp = await start("app:weather_dashboard");
    const fromForm = await start();
    for (const record of [fromApp, fromForm]) await store.finishInvocation({ ...record, outcome: "ok", result: { content: [] } });
    expect((await store.getInvocation(fromApp.id))!.via).toBe("app:weather_dashboard");
    expect((await store.getInvocation(fromForm.id))!.via).toBeNull();
    expect((await store.verifyChain()).ok).toBe(true);

    // The log's "made from" filter: a kind of origin, or one exactly; with text to find too.
    const fromSaved = await start("saved:0mabc");
    const ids = async (filters: AuditFilters) => (await store.listInvocations({ serverId: "via", ...filters })).map((r) => r.id);
    expect(await ids({ via: "app" })).toEqual([fromApp.id]);
    expect(await ids({ via: "app:weather_dashboard" })).toEqual([fromApp.id]);
    expect(await ids({ via: "app:weather" })).toEqual([]);
    expect(await ids({ via: "saved" })).toEqual([fromSaved.id]);
    expect(await ids({ via: "console" })).toEqual([]);
    expect(await ids({ via: "app", q: "nothing-like-this" })).toEqual([]);
    expect(await ids({})).toEqual([fromSaved.id, fromForm.id, fromApp.id]);
    await store.finishInvocation({ ...fromSaved, outcome: "ok", result: { content: [{ type: "text", text: "via-word" }] } });
    expect(await ids({ via: "saved", q: "via-word" })).toEqual([fromSaved.id]);

    for (const forged of [null, "console"]) {
      await db.updateTable("audit_log").set({ via: forged }).where("id", "=", fromApp.id).execute();
      expect(await store.verifyChain()).toMatchObject({ ok: false, firstBroken: { id: fromApp.id } });
    }
    await db.updateTable("audit_log").set({ via: "app:weather_dashboard" }).where("id", "=", fromApp.id).execute();
    // Given to a record that had none, it breaks the chain too.
    await db.updateTable("audit_log").set({ via: "console" }).where("id", "=", fromForm.id).execute();
    expect(await store.verifyChain()).toMatchObject({ ok: false, firstBroken: { id: fromForm.id } });
    await db.updateTable("audit_log").set({ via: null }).where("id", "=", fromForm.id).execute();
    expect((await store.verifyChain()).ok).toBe(true);
  });

  describe("pending records of other Toolscope processes", () => {
    const call = { actor: "local", serverId: "crash", serverTarget: "x", protocolVersion: null, toolName: "slow", arguments: {} };
    // Every test's own process, so that records left by one test never count for another.
    const other = (fields: Partial<AuditInstance> = {}): AuditInstance => ({
      id: randomBytes(6).toString("hex"),
      host: processInstance().host,
      pid: process.ppid,
      ...fields,
    });
    const deadPid = (): number => spawnSync(process.execPath, ["-e", ""]).pid;
    const instanceRow = (id: string) => db.selectFrom("audit_instances").selectAll().where("id", "=", id).executeTakeFirst();

    it("marks the records of a process that is gone as interrupted, chains them, and forgets the process", async () => {
      const crashed = other({ pid: deadPid() });
      const { id } = await createAuditStore(db, { instance: crashed }).startInvocation(call);
      expect(await instanceRow(crashed.id)).toMatchObject({ host: crashed.host, pid: crashed.pid });
      const store = createAuditStore(db);
      expect(await store.markInterrupted()).toBeGreaterThanOrEqual(1);
      expect(await store.getInvocation(id)).toMatchObject({ outcome: "interrupted" });
      expect((await store.getInvocation(id))!.error_message).toMatch(/may or may not have run/);
      expect((await store.verifyChain()).ok).toBe(true);
      expect(await instanceRow(crashed.id)).toBeUndefined();
      expect(await store.markInterrupted()).toBe(0);
    });

    it("leaves the records of a process still running to it, here or on another host", async () => {
      const sameHost = other();
      const elsewhere = other({ host: `not-${os.hostname()}`, pid: 1 });
      const started = await Promise.all(
        [sameHost, elsewhere].map(async (instance) => {
          const store = createAuditStore(db, { instance });
          return { store, ...(await store.startInvocation(call)) };
        }),
      );
      const self = createAuditStore(db);
      await self.markInterrupted({ includeUnowned: true });
      for (const { store, id, startedAt } of started) {
        expect(await self.getInvocation(id)).toMatchObject({ outcome: "pending" });
        await store.finishInvocation({ id, startedAt, outcome: "ok", result: { content: [] } });
        expect(await self.getInvocation(id)).toMatchObject({ outcome: "ok" });
      }
      expect((await self.verifyChain()).ok).toBe(true);
    });

    it("takes a process on another host for gone once its heartbeat has stood still for the lease, whatever its clock says", async () => {
      const elsewhere = other({ host: `not-${os.hostname()}`, pid: 1 });
      const { id } = await createAuditStore(db, { instance: elsewhere }).startInvocation(call);
      // Its clock is far behind this one's: that alone does not make it gone.
      const behind = new Date(Date.now() - 10 * LEASE_MS).toISOString();
      await db.updateTable("audit_instances").set({ heartbeat_at: behind }).where("id", "=", elsewhere.id).execute();
      let now = Date.now();
      const self = createAuditStore(db, { clock: () => now });
      expect(await self.markInterrupted()).toBe(0);
      now += LEASE_MS - 1_000;
      expect(await self.markInterrupted()).toBe(0);
      // It says it is alive again: the wait starts over.
      await createAuditStore(db, { instance: elsewhere }).heartbeat();
      now += 2_000;
      expect(await self.markInterrupted()).toBe(0);
      now += LEASE_MS + 1;
      expect(await self.markInterrupted()).toBe(1);
      expect(await self.getInvocation(id)).toMatchObject({ outcome: "interrupted" });
    });

    it("gives a process whose row is missing the lease before its records count as orphaned", async () => {
      const elsewhere = (): AuditInstance => other({ host: `not-${os.hostname()}`, pid: 1 });
      // Alive, though its row was deleted (taken for gone by mistake): its next heartbeat puts it back.
      const alive = elsewhere();
      const aliveStore = createAuditStore(db, { instance: alive });
      const kept = await aliveStore.startInvocation(call);
      // Gone, and its row with it.
      const ghost = elsewhere();
      const lost = await createAuditStore(db, { instance: ghost }).startInvocation(call);
      await db.deleteFrom("audit_instances").where("id", "in", [alive.id, ghost.id]).execute();
      let now = Date.now();
      const self = createAuditStore(db, { clock: () => now });
      expect(await self.markInterrupted()).toBe(0);
      now += LEASE_MS - 1_000;
      expect(await self.markInterrupted()).toBe(0);
      await aliveStore.heartbeat();
      now += 2_000;
      expect(await self.markInterrupted()).toBe(1);
      expect(await self.getInvocation(lost.id)).toMatchObject({ outcome: "interrupted" });
      expect(await self.getInvocation(kept.id)).toMatchObject({ outcome: "pending" });
      await aliveStore.finishInvocation({ ...kept, outcome: "ok" });
      expect(await self.getInvocation(kept.id)).toMatchObject({ outcome: "ok" });
    });

    it("takes an earlier run with this process's pid on this host for gone (containers reuse pids)", async () => {
      const earlierRun = other({ pid: process.pid });
      const { id } = await createAuditStore(db, { instance: earlierRun }).startInvocation(call);
      expect(await createAuditStore(db).markInterrupted()).toBe(1);
      expect(await db.selectFrom("audit_log").select("outcome").where("id", "=", id).executeTakeFirst()).toEqual({
        outcome: "interrupted",
      });
    });

    it("marks records that name no process (written before migration 0008) only when asked to, at start-up", async () => {
      const { id } = await createAuditStore(db, { instance: other() }).startInvocation(call);
      await db.updateTable("audit_log").set({ instance_id: null }).where("id", "=", id).execute();
      const self = createAuditStore(db);
      expect(await self.markInterrupted()).toBe(0);
      expect(await self.markInterrupted({ includeUnowned: true })).toBe(1);
      expect(await self.getInvocation(id)).toMatchObject({ outcome: "interrupted" });
    });

    it("never marks this process's own calls, and keeps its heartbeat moving", async () => {
      const me = other({ pid: process.pid });
      const self = createAuditStore(db, { instance: me });
      const { id, startedAt } = await self.startInvocation(call);
      const registeredAt = (await instanceRow(me.id))!.heartbeat_at;
      await new Promise((resolve) => setTimeout(resolve, 5));
      await self.heartbeat();
      expect((await instanceRow(me.id))!.heartbeat_at > registeredAt).toBe(true);
      await self.markInterrupted({ includeUnowned: true });
      expect(await self.getInvocation(id)).toMatchObject({ outcome: "pending" });
      await self.finishInvocation({ id, startedAt, outcome: "ok" });
      expect(await self.getInvocation(id)).toMatchObject({ outcome: "ok" });
    });

    it("marks its own pending records interrupted when it stops (retire), not another process's, and goes", async () => {
      const me = other({ pid: process.pid });
      const stopping = createAuditStore(db, { instance: me });
      const running = createAuditStore(db, { instance: other() });
      const mine = await stopping.startInvocation(call);
      const theirs = await running.startInvocation(call);
      expect(await stopping.retire()).toBe(1);
      expect(await stopping.getInvocation(mine.id)).toMatchObject({
        outcome: "interrupted",
        error_message: expect.stringMatching(/shut down/),
      });
      expect(await stopping.getInvocation(theirs.id)).toMatchObject({ outcome: "pending" });
      expect(await instanceRow(me.id)).toBeUndefined();
      await running.finishInvocation({ id: theirs.id, startedAt: theirs.startedAt, outcome: "ok" });
      expect((await stopping.verifyChain()).ok).toBe(true);
    });
  });

  it("keeps results up to the size limit, and the size and SHA-256 of larger ones", async () => {
    const store = createAuditStore(db, { maxResultBytes: 100 });
    const small = await store.startInvocation({
      actor: "local",
      serverId: "size",
      serverTarget: "x",
      protocolVersion: null,
      toolName: "t",
      arguments: {},
    });
    await store.finishInvocation({ ...small, outcome: "ok", result: { text: "short" } });
    const big = await store.startInvocation({
      actor: "local",
      serverId: "size",
      serverTarget: "x",
      protocolVersion: null,
      toolName: "t",
      arguments: {},
    });
    const result = { text: "x".repeat(500) };
    await store.finishInvocation({ ...big, outcome: "ok", result });
    expect(await store.getInvocation(small.id)).toMatchObject({ result: '{"text":"short"}', result_sha256: null });
    const stored = await store.getInvocation(big.id);
    expect(stored).toMatchObject({ result: null, result_size: JSON.stringify(result).length });
    expect(Number(stored!.result_truncated)).toBe(1);
    expect(stored!.result_sha256).toBe(createHash("sha256").update(JSON.stringify(result)).digest("hex"));
    expect((await store.verifyChain()).ok).toBe(true);
  });

  it("filters by outcome, actor, time and text in arguments, results and errors", async () => {
    const store = createAuditStore(db);
    const serverId = `filter-${randomBytes(3).toString("hex")}`;
    const a = await store.startInvocation({
      actor: "ada",
      clientIp: "10.0.0.1",
      serverId,
      serverTarget: "x",
      protocolVersion: null,
      toolName: "t",
      arguments: { city: "Lisbon" },
    });
    await store.finishInvocation({ ...a, outcome: "ok", result: { content: [{ type: "text", text: "Sunny_100%" }] } });
    // The time filters below tell a and b apart by their start: b must start in a later millisecond.
    while (Date.now() <= a.startedAt) await new Promise((r) => setTimeout(r, 1));
    const b = await store.startInvocation({
      actor: "bob",
      serverId,
      serverTarget: "x",
      protocolVersion: null,
      toolName: "t",
      arguments: { city: "Oslo" },
      requestMeta: { trace: "t-1" },
    });
    await store.finishInvocation({ ...b, outcome: "protocol_error", errorCode: -32602, errorMessage: "Unknown CITY code" });
    const ids = async (filters: Parameters<typeof store.listInvocations>[0]) =>
      (await store.listInvocations({ serverId, ...filters })).map((r) => r.id);
    expect(await ids({ outcome: "ok" })).toEqual([a.id]);
    expect(await ids({ actor: "bob" })).toEqual([b.id]);
    expect(await ids({ q: "lisbon" })).toEqual([a.id]);
    expect(await ids({ q: "sunny_100%" })).toEqual([a.id]);
    expect(await ids({ q: "_100%x" })).toEqual([]);
    expect(await ids({ q: "city code" })).toEqual([b.id]);
    expect(await ids({ from: b.startedAt })).toEqual([b.id]);
    expect(await ids({ to: b.startedAt })).toEqual(a.startedAt < b.startedAt ? [a.id] : []);
    expect(await ids({ from: b.startedAt + 60_000 })).toEqual([]);
    expect(await store.getInvocation(a.id)).toMatchObject({ client_ip: "10.0.0.1", request_meta: null });
    expect(JSON.parse((await store.getInvocation(b.id))!.request_meta!)).toEqual({ trace: "t-1" });
  });

  it("combines filters: every combination returns the same records whichever index is walked", async () => {
    const store = createAuditStore(db);
    const tag = randomBytes(3).toString("hex");
    const servers = [`a-${tag}`, `b-${tag}`];
    const written: { id: string; serverId: string; toolName: string; actor: string; outcome: "ok" | "tool_error" }[] = [];
    for (let i = 0; i < 16; i++) {
      const fields = {
        serverId: servers[i % 2]!,
        toolName: i % 4 < 2 ? "search" : "fetch",
        actor: i % 8 < 4 ? "ada" : "bob",
        outcome: i % 16 < 8 ? ("ok" as const) : ("tool_error" as const),
      };
      const record = await store.startInvocation({ ...fields, serverTarget: "x", protocolVersion: null, arguments: { i, tag } });
      await store.finishInvocation({ ...record, outcome: fields.outcome, result: { content: [] } });
      written.unshift({ id: record.id, ...fields });
    }
    const choices = {
      serverId: servers,
      toolName: ["search", "fetch", "absent"],
      actor: ["ada", "bob"],
      outcome: ["ok", "tool_error"] as const,
    };
    const keys = Object.keys(choices) as (keyof typeof choices)[];
    for (let mask = 1; mask < 1 << keys.length; mask++) {
      const used = keys.filter((_, bit) => mask & (1 << bit));
      const filters = Object.fromEntries(used.map((key) => [key, choices[key][mask % choices[key].length]]));
      const expected = written.filter((r) => used.every((key) => r[key] === filters[key])).map((r) => r.id);
      const inScope = (await store.listInvocations({ ...filters, q: tag, limit: 100 })).map((r) => r.id);
      expect(inScope, JSON.stringify(filters)).toEqual(expected);
      if (used.includes("serverId")) expect((await store.listInvocations(filters)).map((r) => r.id)).toEqual(expected);
    }
  });

  it("returns a record's columns and nothing else", async () => {
    const store = createAuditStore(db, { searchRecentRows: 1 });
    const word = `cq${randomBytes(3).toString("hex")}`;
    const record = await store.startInvocation({
      actor: "ada",
      serverId: "cols",
      serverTarget: "x",
      protocolVersion: null,
      toolName: "t",
      arguments: { word },
    });
    await store.finishInvocation({ ...record, outcome: "ok", result: { content: [] } });
    await createAuditStore(db).startInvocation({
      actor: "ada",
      serverId: "cols",
      serverTarget: "x",
      protocolVersion: null,
      toolName: "t",
      arguments: {},
    });
    const columns = [
      ...["id", "started_at", "ended_at", "duration_ms", "actor", "server_id", "server_target", "protocol_version", "tool_name"],
      ...["arguments", "outcome", "error_code", "error_message", "result", "output_verdict", "client_ip", "request_meta"],
      ...["result_size", "result_sha256", "result_truncated", "chain_seq", "prev_hash", "hash"],
      ...["kind", "actor_id", "actor_name", "auth_method", "token_name", "reason", "via"],
    ].sort();
    // Found by the index on PostgreSQL (the walk of one record misses it), by the scan and the index on SQLite.
    const [found] = await store.listInvocations({ serverId: "cols", q: word });
    expect(Object.keys(found!).sort()).toEqual(columns);
    // Found by the walk of the newest records, which fills this page of one.
    const [walked] = await createAuditStore(db).listInvocations({ serverId: "cols", q: word, limit: 1 });
    expect(walked?.id).toBe(record.id);
    expect(Object.keys(walked!).sort()).toEqual(columns);
    expect(Object.keys((await store.getInvocation(record.id))!).sort()).toEqual(columns);
    expect(Object.keys((await store.listInvocations({ serverId: "cols" }))[0]!).sort()).toEqual(columns);
  });

  it("searches text through the index: pending arguments, completed results, newest first, paged, gone when purged", async () => {
    const store = createAuditStore(db);
    const serverId = `search-${randomBytes(3).toString("hex")}`;
    const word = `zq${randomBytes(3).toString("hex")}`;
    const start = (args: Record<string, unknown>) =>
      store.startInvocation({ actor: "ada", serverId, serverTarget: "x", protocolVersion: null, toolName: "t", arguments: args });
    const ids = async (q: string, before?: string, limit?: number) =>
      (await store.listInvocations({ serverId, q, before, limit })).map((r) => r.id);

    const pending = await start({ note: `Pending ${word} in arguments` });
    expect(await ids(word)).toEqual([pending.id]);
    expect(await ids(word.toUpperCase())).toEqual([pending.id]);
    await store.finishInvocation({
      ...pending,
      outcome: "ok",
      result: { content: [{ type: "text", text: `Résumé: said "hi" to ${word}-result` }] },
    });
    expect(await ids(`${word}-result`)).toEqual([pending.id]);
    expect(await ids(`Pending ${word}`)).toEqual([pending.id]);
    expect(await ids('said \\"hi\\"')).toEqual([pending.id]);
    expect(await ids("RÉSUMÉ")).toEqual([pending.id]);

    const more = [];
    for (let i = 0; i < 4; i++) {
      const record = await start({ note: `${word} number ${i}` });
      await store.finishInvocation({ ...record, outcome: "tool_error", errorMessage: `failed with code ${word}x${i}` });
      more.push(record.id);
    }
    expect(await ids(`${word}x3`)).toEqual([more[3]]);
    const all = [...more].reverse().concat(pending.id);
    expect(await ids(word)).toEqual(all);
    expect(await ids(word, undefined, 2)).toEqual(all.slice(0, 2));
    expect(await ids(word, all[1], 2)).toEqual(all.slice(2, 4));
    // Shorter than the index's three characters: still found, by a scan.
    const short = await start({ q: "ü7" });
    expect(await ids("ü7")).toEqual([short.id]);
    expect(await ids("nothing-like-this-anywhere")).toEqual([]);

    await store.finishInvocation({ ...short, outcome: "ok", result: { content: [] } });
    await new Promise((r) => setTimeout(r, 2));
    await store.purgeBefore(Date.now());
    expect(await ids(word)).toEqual([]);
  });

  it("pages a search the same whichever step finds it (PostgreSQL walks the newest records, then asks the index)", async () => {
    const serverId = `steps-${randomBytes(3).toString("hex")}`;
    const word = `wq${randomBytes(3).toString("hex")}`;
    const writer = createAuditStore(db);
    const matches: string[] = [];
    for (let i = 0; i < 12; i++) {
      const record = await writer.startInvocation({
        actor: "ada",
        serverId,
        serverTarget: "x",
        protocolVersion: null,
        toolName: "t",
        arguments: { note: i % 3 === 0 ? `has ${word}` : "has nothing" },
      });
      await writer.finishInvocation({ ...record, outcome: "ok", result: { content: [] } });
      if (i % 3 === 0) matches.unshift(record.id);
    }
    for (const searchRecentRows of [1, 3, 100]) {
      const store = createAuditStore(db, { searchRecentRows });
      const ids = async (before?: string, limit = 2) =>
        (await store.listInvocations({ serverId, q: word, before, limit })).map((r) => r.id);
      expect(await ids(undefined, 10)).toEqual(matches);
      expect(await ids()).toEqual(matches.slice(0, 2));
      expect(await ids(matches[1])).toEqual(matches.slice(2, 4));
      expect(await ids(matches[2], 1)).toEqual([matches[3]]);
      expect(await ids(matches[3])).toEqual([]);
    }
  });

  it("purges old records without breaking the chain's verification", async () => {
    const store = createAuditStore(db);
    await call(store);
    await call(store);
    await new Promise((r) => setTimeout(r, 5));
    const cutoff = Date.now();
    await new Promise((r) => setTimeout(r, 5));
    const kept = await call(store);
    const purged = await store.purgeBefore(cutoff);
    expect(purged).toBeGreaterThanOrEqual(2);
    expect(await store.getInvocation(kept)).toBeDefined();
    expect(await store.verifyChain()).toMatchObject({ ok: true });
    expect(await store.purgeBefore(cutoff)).toBe(0);
  });
});

describe("SQLite's search index, filled in batches", () => {
  let fixture: Fixture;
  let db: Kysely<Database>;
  beforeAll(async () => {
    fixture = await sqliteFixture();
    db = openDatabase(fixture.target);
  });
  afterAll(async () => {
    await db?.destroy();
    await fixture?.cleanup();
  });

  const call = (store: ReturnType<typeof createAuditStore>, args: Record<string, unknown>) =>
    store.startInvocation({ actor: "ada", serverId: "s", serverTarget: "x", protocolVersion: null, toolName: "t", arguments: args });
  const indexedMatches = async (word: string) =>
    (await sql<{ rowid: number }>`select rowid from audit_search where audit_search match ${`"${word}"`}`.execute(db)).rows.length;

  it("indexes a record pending at 0004's upgrade when it completes", async () => {
    expect((await migrator(db as Kysely<unknown>, schemaOf(fixture)).migrateTo("0004-audit-search")).error).toBeUndefined();
    // Written as a Toolscope of that time did: naming no process (0008) and no person (0009).
    const store = createAuditStore(db, { searchIndexDelayMs: 60_000, instance: null, people: false });
    const done = await call(store, { note: "upgrade-word done" });
    await store.finishInvocation({ ...done, outcome: "ok" });
    const pending = await call(store, { note: "upgrade-word pending" });
    await migrateToLatest(db as Kysely<unknown>);
    expect(await indexedMatches("upgrade-word")).toBe(1);
    await store.finishInvocation({ ...pending, outcome: "ok" });
    expect(await indexedMatches("upgrade-word")).toBe(2);
    expect((await store.listInvocations({ q: "upgrade-word" })).map((r) => r.id)).toEqual([pending.id, done.id]);
  });

  it("finds records before their batch is indexed, through the index after, and indexes later completions by trigger", async () => {
    await migrateToLatest(db as Kysely<unknown>);
    const store = createAuditStore(db, { searchIndexDelayMs: 60_000 });
    const word = `bq${randomBytes(3).toString("hex")}`;
    const ids = async () => (await store.listInvocations({ q: word })).map((r) => r.id);
    const completed = await call(store, { note: `${word} one` });
    await store.finishInvocation({ ...completed, outcome: "ok" });
    const pending = await call(store, { note: `${word} two` });
    expect(await indexedMatches(word)).toBe(0);
    expect(await ids()).toEqual([pending.id, completed.id]);

    await store.catchUpSearchIndex();
    expect(await indexedMatches(word)).toBe(1); // the pending record is left for its completion
    expect(await ids()).toEqual([pending.id, completed.id]);
    await store.finishInvocation({ ...pending, outcome: "tool_error", errorMessage: `${word} failed` });
    expect(await indexedMatches(word)).toBe(2);
    expect(await ids()).toEqual([pending.id, completed.id]);

    await new Promise((r) => setTimeout(r, 2));
    await store.purgeBefore(Date.now());
    expect(await indexedMatches(word)).toBe(0);
    expect(await ids()).toEqual([]);
  });

  it("indexes new records by itself shortly after they complete, many at a time", async () => {
    await migrateToLatest(db as Kysely<unknown>);
    const store = createAuditStore(db, { searchIndexDelayMs: 50 });
    const word = `bq${randomBytes(3).toString("hex")}`;
    const records = await Promise.all(Array.from({ length: 30 }, (_, i) => call(store, { note: `${word} ${i}` })));
    await Promise.all(records.map((record) => store.finishInvocation({ ...record, outcome: "ok" })));
    await expect.poll(() => indexedMatches(word), { timeout: 5_000 }).toBe(30);
    const { rows } = await sql<{ through: string }>`select indexed_through as through from audit_search_state`.execute(db);
    expect(rows[0]!.through >= records.at(-1)!.id).toBe(true);
  });
  it("goes back to indexing at completion when 0005 is undone, with nothing left out", async () => {
    await migrateToLatest(db as Kysely<unknown>);
    // It writes on after 0008 and 0009 are undone too: as a Toolscope of that time did, naming no process or person.
    const store = createAuditStore(db, { searchIndexDelayMs: 60_000, instance: null, people: false });
    const word = `dq${randomBytes(3).toString("hex")}`;
    const before = await call(store, { note: `${word} before` });
    await store.finishInvocation({ ...before, outcome: "ok" });
    expect(await indexedMatches(word)).toBe(0);
    expect((await migrator(db as Kysely<unknown>, schemaOf(fixture)).migrateTo("0004-audit-search")).error).toBeUndefined();
    expect(await indexedMatches(word)).toBe(1);
    const after = await call(store, { note: `${word} after` });
    await store.finishInvocation({ ...after, outcome: "ok" });
    expect(await indexedMatches(word)).toBe(2);
    await migrateToLatest(db as Kysely<unknown>);
    expect((await store.listInvocations({ q: word })).map((r) => r.id)).toEqual([after.id, before.id]);
  });
});

describe("SQLite's filter indexes", () => {
  let fixture: Fixture;
  let db: Kysely<Database>;
  beforeAll(async () => {
    fixture = await sqliteFixture();
    db = openDatabase(fixture.target);
    await migrateToLatest(db as Kysely<unknown>);
  });
  afterAll(async () => {
    await db?.destroy();
    await fixture?.cleanup();
  });

  /** The plan SQLite makes of the store's query for a first page with these filters (the bench's explainer). */
  const plan = (filters: AuditFilters): Promise<string> => explainFirstPage(db, false, filters);

  it("walks the most selective filter's index and checks the others on its entries", async () => {
    expect(await plan({ actor: "ada", outcome: "cancelled" })).toMatch(/USING INDEX audit_log_actor_filters \(actor=\?\)/);
    expect(await plan({ serverId: "s", outcome: "tool_error" })).toMatch(/USING INDEX audit_log_server_filters \(server_id=\?\)/);
    expect(await plan({ serverId: "s", toolName: "t", actor: "ada" })).toMatch(/USING INDEX audit_log_tool_filters \(tool_name=\?\)/);
    expect(await plan({ outcome: "ok" })).toMatch(/USING INDEX audit_log_outcome_id \(outcome=\?\)/);
    expect(await plan({ serverId: "s", from: 0, to: Date.now() })).toMatch(/audit_log_server_filters \(server_id=\? AND id>\? AND id<\?\)/);
  });
});

describe("audit ids", () => {
  it("sort by creation time", () => {
    const ids = [1_000, 2_000, 2_000, 2_000, 1_700_000_000_000, 1_800_000_000_000].map((t) => newAuditId(t));
    expect([...ids].sort()).toEqual(ids);
    const sameMs = Array.from({ length: 1000 }, () => newAuditId(5));
    expect(new Set(sameMs).size).toBe(1000);
    expect([...sameMs].sort()).toEqual(sameMs);
  });
});

describe.each([
  ["SQLite", sqliteFixture],
  ["PostgreSQL", postgresFixture],
])("upgrading an audit log on %s", (_name, makeFixture) => {
  it("makes the records written before the search index existed searchable", async () => {
    const fixture = await makeFixture();
    const db = openDatabase(fixture.target);
    try {
      expect((await migrator(db as Kysely<unknown>, schemaOf(fixture)).migrateTo("0003-audit-chain")).error).toBeUndefined();
      // Written as a Toolscope of that time did: naming no process (0008) and no person (0009).
      const store = createAuditStore(db, { instance: null, people: false });
      const old = await store.startInvocation({
        actor: "ada",
        serverId: "s",
        serverTarget: "x",
        protocolVersion: null,
        toolName: "t",
        arguments: { city: "Reykjavik" },
      });
      await store.finishInvocation({ ...old, outcome: "ok", result: { content: [{ type: "text", text: "Aurora tonight" }] } });
      await migrateToLatest(db as Kysely<unknown>);
      expect((await store.listInvocations({ q: "reykjavik" })).map((r) => r.id)).toEqual([old.id]);
      expect((await store.listInvocations({ q: "aurora" })).map((r) => r.id)).toEqual([old.id]);
      expect(await store.verifyChain()).toMatchObject({ ok: true, checked: 1 });
    } finally {
      await db.destroy();
      await fixture.cleanup();
    }
  });
});

describe("PostgreSQL's stored search text (migration 0007)", () => {
  it("searches the same before it, with it, and after it is undone", async () => {
    const fixture = await postgresFixture();
    const db = openDatabase(fixture.target);
    const searchIndex = async () =>
      (
        await sql<{
          def: string;
        }>`select indexdef as def from pg_indexes where indexname = 'audit_log_search' and schemaname = current_schema()`.execute(db)
      ).rows[0]?.def ?? null;
    try {
      expect((await migrator(db as Kysely<unknown>, schemaOf(fixture)).migrateTo("0006-audit-filter-indexes")).error).toBeUndefined();
      // Written as a Toolscope of that time did: naming no process (0008) and no person (0009).
      const store = createAuditStore(db, { searchRecentRows: 1, instance: null, people: false });
      const word = `pq${randomBytes(3).toString("hex")}`;
      const older = await store.startInvocation({
        actor: "ada",
        serverId: "s",
        serverTarget: "x",
        protocolVersion: null,
        toolName: "t",
        arguments: { note: `Ünïcode ${word}` },
      });
      await store.finishInvocation({ ...older, outcome: "ok", result: { content: [{ type: "text", text: "ÉCOLE" }] } });
      await migrateToLatest(db as Kysely<unknown>);
      expect(await searchIndex()).toMatch(/gin \(search_text (\S+\.)?gin_trgm_ops\)/);
      const newer = await store.startInvocation({
        actor: "ada",
        serverId: "s",
        serverTarget: "x",
        protocolVersion: null,
        toolName: "t",
        arguments: { note: word },
      });
      await store.finishInvocation({ ...newer, outcome: "tool_error", errorMessage: `${word.toUpperCase()} failed` });
      // The newer record is found by the walk of one record, the older one by the index; both by any case.
      for (const q of [word, word.toUpperCase(), `ünïcode ${word}`]) {
        expect(
          (await store.listInvocations({ q })).map((r) => r.id),
          q,
        ).toEqual(q.startsWith("ü") ? [older.id] : [newer.id, older.id]);
      }
      expect((await store.listInvocations({ q: "école" })).map((r) => r.id)).toEqual([older.id]);
      expect((await migrator(db as Kysely<unknown>, schemaOf(fixture)).migrateTo("0006-audit-filter-indexes")).error).toBeUndefined();
      expect(await searchIndex()).toMatch(/gin \(\(+arguments \|\|/);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from information_schema.columns
        where table_schema = current_schema() and table_name = 'audit_log' and column_name = 'search_text'`.execute(db);
      expect(rows[0]?.n).toBe(0);
      expect(await store.verifyChain()).toMatchObject({ ok: true, checked: 2 });
    } finally {
      await db.destroy();
      await fixture.cleanup();
    }
  });
});
