// Benchmark (not a test): the audit store at a million records, on SQLite and PostgreSQL.
// Fills each database with realistic, hash-chained records (bulk INSERTs), times the audit
// page's filtered first pages through createAuditStore().listInvocations (goal: p95 <= 50 ms),
// then the write path a tool call takes (startInvocation + finishInvocation), sequential and
// concurrent, and a full verification of the chain.
//
//   npx tsx bench/audit-store.ts [--records N] [--databases sqlite,postgres] [--explain] [--json]
//
// See bench/README.md for what is measured and how to read it.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { createAuditStore, type AuditStore } from "../lib/audit/store";
import { openDatabase, type DatabaseTarget } from "../lib/db/connect";
import { migrateToLatest } from "../lib/db/migrate";
import type { Database } from "../lib/db/schema";
import { AUDIT_USAGE, parseAuditOptions, type AuditBenchOptions, type DatabaseKind } from "./lib/audit-options";
import { explainFirstPage, PAGE, queryCases } from "./lib/audit-queries";
import { formatAuditReport, GOAL_P95_MS, timing, type DatabaseResult, type QueryResult, type WriteResult } from "./lib/audit-report";
import { bulkFill, seededRandom, WORDS } from "./lib/audit-rows";
import { log, onCleanup, runBench } from "./lib/lifecycle";
import { concurrent } from "./lib/measure";

const WARMUP_PER_CASE = 3;

type Opened = { db: Kysely<Database>; isPostgres: boolean; label: string; sizeBytes: () => Promise<number>; close: () => Promise<void> };

/** A throw-away database: SQLite in a temp dir, or a schema of its own in PostgreSQL. */
async function openScratch(kind: DatabaseKind, options: AuditBenchOptions): Promise<Opened> {
  let target: DatabaseTarget;
  let remove: () => Promise<void>;
  if (kind === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-bench-audit-"));
    target = { kind: "sqlite", file: path.join(dir, "toolscope.db") };
    remove = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const schema = `toolscope_bench_${randomBytes(4).toString("hex")}`;
    const admin = async (statement: string): Promise<void> => {
      const client = new pg.Client({ connectionString: options.postgresUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`create schema ${schema}`);
    target = { kind: "postgres", url: options.postgresUrl, searchPath: schema };
    remove = () => admin(`drop schema if exists ${schema} cascade`);
  }
  const db = openDatabase(target);
  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => (closed ??= db.destroy().finally(remove));
  onCleanup(close);
  log(`${kind}: ${target.kind === "sqlite" ? target.file : `schema ${target.searchPath}`}`);
  await migrateToLatest(db as Kysely<unknown>);
  const sizeBytes = async (): Promise<number> => {
    if (target.kind === "sqlite") {
      return [target.file, `${target.file}-wal`].reduce((sum, f) => sum + (fs.existsSync(f) ? fs.statSync(f).size : 0), 0);
    }
    const { rows } = await sql<{ size: string }>`select pg_total_relation_size('audit_log') as size`.execute(db);
    return Number(rows[0]?.size ?? 0);
  };
  return { db, isPostgres: kind === "postgres", label: kind === "sqlite" ? "SQLite" : "PostgreSQL", sizeBytes, close };
}

/** Every case once per round, so a change in the machine's load lands on all of them alike. */
async function measureQueries(store: AuditStore, options: AuditBenchOptions, endTime: number): Promise<QueryResult[]> {
  const cases = queryCases(endTime);
  const random = seededRandom(7);
  const samples = cases.map(() => ({ times: [] as number[], rows: 0 }));
  for (let round = -WARMUP_PER_CASE; round < options.runs; round++) {
    for (const [i, c] of cases.entries()) {
      const filters = c.filters(random);
      const start = performance.now();
      const page = await store.listInvocations({ ...filters, limit: PAGE });
      const elapsed = performance.now() - start;
      if (round < 0) continue;
      samples[i]!.times.push(elapsed);
      samples[i]!.rows += page.length;
    }
  }
  return cases.map((c, i) => ({ name: c.name, ...timing(samples[i]!.times), meanRows: samples[i]!.rows / options.runs }));
}

/** A tool call's audit writes, as lib/mcp/audit-trail.ts makes them: pending record, then completion. */
async function measureWrites(store: AuditStore, calls: number, inFlight: number): Promise<WriteResult> {
  const random = seededRandom(inFlight);
  const run = await concurrent(
    async () => {
      const { id, startedAt } = await store.startInvocation({
        actor: "bench@example.com",
        clientIp: "127.0.0.1",
        serverId: "bench-writes",
        serverTarget: "https://mcp.example.com/bench/mcp",
        protocolVersion: "2026-07-28",
        toolName: "search_issues",
        arguments: { query: `${WORDS[Math.floor(random() * WORDS.length)]} latency`, limit: 20 },
      });
      await store.finishInvocation({
        id,
        startedAt,
        outcome: "ok",
        result: { content: [{ type: "text", text: "3 issues found: ".padEnd(400, "x") }] },
        outputVerdict: "none",
      });
    },
    calls,
    inFlight,
  );
  // SQLite indexes completed records for search in batches, a little later: that work is part of the writes' cost.
  const indexStart = performance.now();
  await store.catchUpSearchIndex();
  const elapsedMs = run.elapsedMs + (performance.now() - indexStart);
  return { concurrency: inFlight, calls, callsPerSecond: (calls / elapsedMs) * 1000, ...timing(run.latencies) };
}

async function benchDatabase(kind: DatabaseKind, options: AuditBenchOptions): Promise<DatabaseResult> {
  const opened = await openScratch(kind, options);
  const { db, isPostgres, label } = opened;
  try {
    const endTime = Date.now() - 60_000;
    log(`${label}: filling ${options.records.toLocaleString("en")} records`);
    const fillStart = performance.now();
    const step = Math.max(100_000, Math.ceil(options.records / 10));
    let reported = 0;
    await bulkFill(db, {
      total: options.records,
      isPostgres,
      endTime,
      progress: (done) => {
        if (done - reported < step && done < options.records) return;
        reported = done;
        log(`${label}: ${done.toLocaleString("en")} records, ${((performance.now() - fillStart) / 1000).toFixed(0)} s`);
      },
    });
    const store = createAuditStore(db);
    await store.catchUpSearchIndex();
    const fill = { records: options.records, seconds: (performance.now() - fillStart) / 1000 };
    const sizeBytes = await opened.sizeBytes();

    log(`${label}: ${options.runs} first pages per filter (+${WARMUP_PER_CASE} warm-up)`);
    const queries = await measureQueries(store, options, endTime);
    let plans: Record<string, string> | null = null;
    if (options.explain) {
      plans = {};
      const random = seededRandom(11);
      for (const c of queryCases(endTime)) plans[c.name] = await explainFirstPage(db, isPostgres, c.filters(random));
    }

    const writes: WriteResult[] = [];
    if (options.writeCalls > 0) {
      for (const inFlight of [1, options.concurrency]) {
        log(`${label}: ${options.writeCalls} audited calls' writes, ${inFlight} in flight`);
        writes.push(await measureWrites(store, options.writeCalls, inFlight));
      }
    }

    let verify: DatabaseResult["verify"] = null;
    if (options.verify) {
      log(`${label}: verifying the whole chain`);
      const start = performance.now();
      const report = await store.verifyChain();
      verify = { ok: report.ok, checked: report.checked, seconds: (performance.now() - start) / 1000 };
      if (!report.ok) log(`${label}: the chain does not verify: ${JSON.stringify(report.firstBroken)}`);
    }
    return { label, fill, sizeBytes, queries, writes, verify, plans };
  } finally {
    await opened.close();
  }
}

async function main(): Promise<number> {
  let options: AuditBenchOptions | undefined;
  try {
    options = parseAuditOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${AUDIT_USAGE}\n`);
    return 2;
  }
  if (!options) {
    process.stdout.write(`${AUDIT_USAGE}\n`);
    return 0;
  }
  const databases: DatabaseResult[] = [];
  for (const kind of options.databases) databases.push(await benchDatabase(kind, options));
  const report = {
    setup: {
      records: options.records,
      page: PAGE,
      runs: options.runs,
      node: process.version,
      cpus: os.cpus().length,
    },
    goalP95Ms: GOAL_P95_MS,
    databases,
  };
  process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : `\n${formatAuditReport(report)}\n`);
  return 0;
}

await runBench("audit-store", main);
