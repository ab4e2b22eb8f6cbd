// The audit bench's results, side by side per database: first-page query times per filter
// against the issue's goal, write throughput through the store, fill and verification times.
import { percentile } from "./measure";

export const GOAL_P95_MS = 50;

export type Timing = { p50: number; p95: number; max: number };
export type QueryResult = Timing & { name: string; meanRows: number };
export type WriteResult = Timing & { concurrency: number; calls: number; callsPerSecond: number };
export type DatabaseResult = {
  label: string;
  fill: { records: number; seconds: number };
  sizeBytes: number;
  queries: QueryResult[];
  writes: WriteResult[];
  verify: { ok: boolean; checked: number; seconds: number } | null;
  plans: Record<string, string> | null;
};
export type AuditReport = { setup: Record<string, string | number>; goalP95Ms: number; databases: DatabaseResult[] };

export function timing(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? Number.NaN };
}

function row(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ");
}

const ms = (v: number): string => (v < 10 ? v.toFixed(2) : v.toFixed(1));

export function formatAuditReport(report: AuditReport): string {
  const dbs = report.databases;
  const names = dbs[0]?.queries.map((q) => q.name) ?? [];
  const widths = [20, ...dbs.flatMap(() => [7, 8, 8, 8]), 6];
  const lines = [
    `audit store, first page of ${report.setup.page} records newest first via listInvocations (${Object.entries(report.setup)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")})`,
    "",
    row(["", ...dbs.flatMap((d) => ["", "", d.label, ""]), ""], widths),
    row(["filter (ms)", ...dbs.flatMap(() => ["rows", "p50", "p95", "max"]), "goal"], widths),
  ];
  for (const name of names) {
    const results = dbs.map((d) => d.queries.find((q) => q.name === name)!);
    const verdict = results.every((r) => r.p95 <= report.goalP95Ms) ? "PASS" : "MISS";
    lines.push(row([name, ...results.flatMap((r) => [r.meanRows.toFixed(0), ms(r.p50), ms(r.p95), ms(r.max)]), verdict], widths));
  }
  lines.push("", `goal (the issue, information only): p95 <= ${report.goalP95Ms} ms on every database`, "");
  for (const d of dbs) {
    lines.push(`${d.label}:`);
    lines.push(
      `  fill: ${d.fill.records.toLocaleString("en")} records in ${d.fill.seconds.toFixed(1)} s (${(d.fill.records / d.fill.seconds).toFixed(0)} rows/s, bulk INSERTs), ${(d.sizeBytes / 1_048_576).toFixed(0)} MiB on disk`,
    );
    for (const w of d.writes) {
      lines.push(
        `  writes, ${String(w.concurrency).padStart(2)} in flight: ${w.callsPerSecond.toFixed(0)} calls/s (start + finish), p50 ${ms(w.p50)} ms, p95 ${ms(w.p95)} ms, max ${ms(w.max)} ms over ${w.calls} calls`,
      );
    }
    if (d.verify) {
      lines.push(
        `  verifyChain: ${d.verify.ok ? "ok" : "BROKEN"}, ${d.verify.checked.toLocaleString("en")} records in ${d.verify.seconds.toFixed(1)} s`,
      );
    }
  }
  for (const d of dbs) {
    if (!d.plans) continue;
    lines.push("", `plans on ${d.label} (one value per filter):`);
    for (const [name, plan] of Object.entries(d.plans)) lines.push(`  ${name}:`, ...plan.split("\n").map((l) => `    ${l}`));
  }
  return lines.join("\n");
}
