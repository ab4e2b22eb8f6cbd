// Command-line flags of bench/audit-store.ts.
import { parseArgs } from "node:util";
import { positiveInt } from "./lifecycle";

export type DatabaseKind = "sqlite" | "postgres";

export type AuditBenchOptions = {
  records: number;
  runs: number;
  writeCalls: number;
  concurrency: number;
  databases: DatabaseKind[];
  postgresUrl: string;
  verify: boolean;
  explain: boolean;
  json: boolean;
};

export const AUDIT_USAGE = `Usage: npx tsx bench/audit-store.ts [flags]

  --records N          audit records to fill each database with (default 1000000)
  --runs N             timed first-page queries per filter, each with other values (default 40)
  --write-calls N      start+finish pairs through the store, sequential and then concurrent (default 5000)
  --concurrency N      calls in flight in the concurrent write run (default 16)
  --databases LIST     sqlite, postgres or sqlite,postgres (default sqlite,postgres)
  --postgres-url URL   a PostgreSQL database to create a throw-away schema in
                       (default $TOOLSCOPE_BENCH_POSTGRES_URL or postgres://postgres@127.0.0.1:5432/test)
  --no-verify          skip timing a full verification of the hash chain
  --explain            also print each filter's query plan (PostgreSQL: EXPLAIN ANALYZE)
  --json               print one JSON document on stdout instead of the tables
  --help               this text`;

/** The options, or undefined when --help was asked for. Throws on a bad flag. */
export function parseAuditOptions(argv: string[]): AuditBenchOptions | undefined {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      records: { type: "string" },
      runs: { type: "string" },
      "write-calls": { type: "string" },
      concurrency: { type: "string" },
      databases: { type: "string" },
      "postgres-url": { type: "string" },
      "no-verify": { type: "boolean", default: false },
      explain: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return undefined;
  const databases = (values.databases ?? "sqlite,postgres").split(",").map((d) => d.trim());
  for (const d of databases)
    if (d !== "sqlite" && d !== "postgres") throw new Error(`--databases takes sqlite and/or postgres, got "${d}"`);
  const postgresUrl = values["postgres-url"] ?? process.env.TOOLSCOPE_BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  if (!/^postgres(ql)?:\/\//.test(postgresUrl)) throw new Error(`--postgres-url must be a postgres:// URL`);
  return {
    records: positiveInt("records", values.records, 1_000_000),
    runs: positiveInt("runs", values.runs, 40),
    writeCalls: positiveInt("write-calls", values["write-calls"], 5_000, 0),
    concurrency: positiveInt("concurrency", values.concurrency, 16),
    databases: [...new Set(databases as DatabaseKind[])],
    postgresUrl,
    verify: !values["no-verify"],
    explain: values.explain ?? false,
    json: values.json ?? false,
  };
}
