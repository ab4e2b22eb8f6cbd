// Benchmark (not a test): what a second Toolscope process on the same machine buys, when one core
// is not enough (issue 49). The same audited echo call, three ways: one process on SQLite (the
// default), one on PostgreSQL, and two on one PostgreSQL behind a round-robin balancer
// (lib/round-robin.ts, standing in for nginx), each against the demo server in its own process.
// SQLite is for one process (docs/replicas.md): a second process needs PostgreSQL.
//
//   npx tsx bench/replicas.ts [--calls N] [--concurrency C] [--json]
//
// Needs a production build (npm run build) and a PostgreSQL it may create databases on
// (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres); each configuration
// gets a database of its own, dropped at the end. See bench/README.md.
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { groupCpuMs } from "./lib/cpu";
import { startDemoProcess } from "./lib/demo-process";
import { flagReader, log, onCleanup, positiveInt, runBench } from "./lib/lifecycle";
import { callsPerSecond, concurrent, sequential, summarize } from "./lib/measure";
import { startRoundRobin } from "./lib/round-robin";
import { launchToolscope, ToolscopeApi, type LaunchedToolscope } from "./lib/toolscope";

const REPO_ROOT = path.resolve(import.meta.dirname, "..");
const USAGE = "Usage: npx tsx bench/replicas.ts [--calls N] [--concurrency C] [--json]";
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

type Options = { calls: number; concurrency: number; json: boolean };
type Setup = { name: string; processes: number; postgres: boolean };
type Figures = {
  setup: string;
  sequentialP50Ms: number;
  callsPerSecond: number;
  p50UnderLoadMs: number;
  cpuPerCallMs: number | null;
  lastOutcome: string | undefined;
};

const SETUPS: Setup[] = [
  { name: "one process, SQLite", processes: 1, postgres: false },
  { name: "one process, PostgreSQL", processes: 1, postgres: true },
  { name: "two processes, PostgreSQL, round robin", processes: 2, postgres: true },
];

function parse(argv: string[]): Options | undefined {
  const value = flagReader(argv);
  if (!value) return undefined;
  return {
    calls: positiveInt("calls", value("--calls"), 4000),
    concurrency: positiveInt("concurrency", value("--concurrency"), 16),
    json: argv.includes("--json"),
  };
}

/** A database of the bench's own on the PostgreSQL server; dropped by the cleanup. */
async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
    await admin.query(`create database ${admin.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  onCleanup(async () => {
    const cleaner = new pg.Client({ connectionString: POSTGRES });
    await cleaner.connect();
    await cleaner.query(`drop database if exists ${cleaner.escapeIdentifier(name)} with (force)`).finally(() => cleaner.end());
  });
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  return url.toString();
}

async function measureSetup(setup: Setup, index: number, demoUrl: string, options: Options): Promise<Figures> {
  const env: Record<string, string> = {};
  if (setup.postgres) {
    env.DATABASE_URL = await freshDatabase(`toolscope_bench_${process.pid}_${index}`);
    // Replicas share the keys that seal server configs and sign sessions (docs/replicas.md).
    env.TOOLSCOPE_SECRET_KEY = randomBytes(32).toString("hex");
    env.TOOLSCOPE_AUTH_SECRET = randomBytes(32).toString("hex");
  }
  const replicas: LaunchedToolscope[] = [];
  for (let i = 0; i < setup.processes; i++) {
    // One at a time: the first migrates the database, the others find it done.
    const launched = await launchToolscope(REPO_ROOT, log, env);
    if (!launched) throw new Error("There is no production build: run `npm run build` first.");
    replicas.push(launched);
    await launched.ready;
  }
  const stopAll = (): Promise<unknown> => Promise.all(replicas.map((replica) => replica.stop()));
  try {
    const balancer = setup.processes > 1 ? await startRoundRobin(replicas.map((replica) => replica.baseUrl)) : undefined;
    try {
      const front = new ToolscopeApi(balancer?.url ?? replicas[0]!.baseUrl);
      await front.register(demoUrl);
      // Every replica connects (the others hear of the new server over PostgreSQL).
      for (const replica of replicas) await new ToolscopeApi(replica.baseUrl).waitReady();
      const call = front.echoCall();
      await concurrent(call, 400, options.concurrency);
      const cpu = (): number | undefined => {
        let total = 0;
        for (const replica of replicas) {
          const ms = replica.processGroup === undefined ? undefined : groupCpuMs(replica.processGroup);
          if (ms === undefined) return undefined;
          total += ms;
        }
        return total;
      };
      const latencies = await sequential(call, Math.max(1, Math.floor(options.calls / 4)));
      const before = cpu();
      const loaded = await concurrent(call, options.calls, options.concurrency);
      const after = cpu();
      return {
        setup: setup.name,
        sequentialP50Ms: summarize(latencies).p50,
        callsPerSecond: callsPerSecond([loaded]),
        p50UnderLoadMs: summarize(loaded.latencies).p50,
        cpuPerCallMs: before === undefined || after === undefined ? null : (after - before) / options.calls,
        lastOutcome: await front.lastAuditOutcome(),
      };
    } finally {
      await balancer?.close();
    }
  } finally {
    await stopAll();
  }
}

await runBench("replicas", async () => {
  const options = parse(process.argv.slice(2));
  if (!options) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const demo = await startDemoProcess(REPO_ROOT);
  onCleanup(() => demo.close());
  const results: Figures[] = [];
  for (const [index, setup] of SETUPS.entries()) {
    log(`${setup.name}: ${options.calls} calls, ${options.concurrency} in flight`);
    results.push(await measureSetup(setup, index, demo.url, options));
  }
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ when: new Date().toISOString(), cpus: os.cpus().length, options, results }, null, 2)}\n`);
    return 0;
  }
  const rows = results.map((r) =>
    [
      r.setup.padEnd(42),
      `${r.sequentialP50Ms.toFixed(2)} ms`.padStart(10),
      `${Math.round(r.callsPerSecond)}`.padStart(8),
      `${r.p50UnderLoadMs.toFixed(1)} ms`.padStart(10),
      (r.cpuPerCallMs === null ? "—" : `${r.cpuPerCallMs.toFixed(2)} ms`).padStart(10),
      `${r.lastOutcome ?? "?"}`.padStart(6),
    ].join("  "),
  );
  process.stdout.write(
    [
      `\necho through Toolscope's API, ${options.concurrency} in flight (${os.cpus().length} cores, demo server in its own process)`,
      `${"setup".padEnd(42)}  ${"seq p50".padStart(10)}  ${"calls/s".padStart(8)}  ${"load p50".padStart(10)}  ${"CPU/call".padStart(10)}  ${"audit".padStart(6)}`,
      ...rows,
      "",
    ].join("\n"),
  );
  return results.every((r) => r.lastOutcome === "ok") ? 0 : 1;
});
