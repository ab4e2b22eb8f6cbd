// The audit store against both real databases: SQLite in a temporary file and the
// PostgreSQL server on 127.0.0.1:5432 (in a schema of its own, dropped afterwards).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseTarget } from "@/lib/db/connect";
import { migrateToLatest } from "@/lib/db/migrate";
import type { Database } from "@/lib/db/schema";
import { createAuditStore, newAuditId } from "./store";

const POSTGRES_URL = process.env.TOOLSCOPE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

type Fixture = { target: DatabaseTarget; cleanup: () => Promise<void> };

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
