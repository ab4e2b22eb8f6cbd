// Turns the measurements into the side-by-side table, the ratios and the goal verdicts.
import type { LatencySummary } from "./measure";

export type PathResult = {
  protocolVersion: string | undefined;
  sequential: LatencySummary;
  /** cpuPerCall: CPU ms per call of each process during the throughput run (null where unknown). */
  throughput: { callsPerSecond: number; underLoad: LatencySummary; cpuPerCall: Record<string, number | null> };
};

export type Goal = { source: string; text: string; measured: string; pass: boolean };

export type Report = {
  setup: Record<string, string | number | boolean>;
  direct: PathResult;
  toolscope: PathResult;
  added: { p50Ms: number; p90Ms: number; p99Ms: number; meanMs: number };
  throughputRatio: number;
  goals: Goal[];
};

export function buildReport(setup: Report["setup"], direct: PathResult, toolscope: PathResult): Report {
  const d = direct.sequential;
  const t = toolscope.sequential;
  const added = { p50Ms: t.p50 - d.p50, p90Ms: t.p90 - d.p90, p99Ms: t.p99 - d.p99, meanMs: t.mean - d.mean };
  const throughputRatio = toolscope.throughput.callsPerSecond / direct.throughput.callsPerSecond;
  const p50 = `${signed(added.p50Ms)} ms`;
  const ratio = `${throughputRatio.toFixed(2)}x`;
  // The issue's goals decide PASS/MISS; docs (targets.md) sets stricter ones, shown alongside.
  const goals: Goal[] = [
    { source: "issue", text: "added latency at p50 <= 1 ms", measured: p50, pass: added.p50Ms <= 1 },
    { source: "issue", text: "throughput >= 0.80x direct", measured: ratio, pass: throughputRatio >= 0.8 },
    { source: "targets.md", text: "added latency at p50 <= 0.75 ms", measured: p50, pass: added.p50Ms <= 0.75 },
    { source: "targets.md", text: "throughput >= 0.90x direct", measured: ratio, pass: throughputRatio >= 0.9 },
  ];
  return { setup, direct, toolscope, added, throughputRatio, goals };
}

function signed(ms: number): string {
  return `${ms >= 0 ? "+" : ""}${ms.toFixed(2)}`;
}

function row(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ");
}

/** CPU per call under load, per process, and the throughput the machine's cores allow at that cost. */
function cpuRows(report: Report, widths: number[]): string[] {
  const { direct: d, toolscope: t } = report;
  const sources = Object.keys(t.throughput.cpuPerCall);
  const known = (v: number | null | undefined): string => (v === null || v === undefined ? "—" : v.toFixed(3));
  // The direct path does not go through Toolscope: its idle process is not part of that path's cost.
  const total = (p: PathResult, path: "direct" | "toolscope"): number | null => {
    let sum = 0;
    for (const [source, value] of Object.entries(p.throughput.cpuPerCall)) {
      if (path === "direct" && source === "Toolscope") continue;
      if (value === null) return null;
      sum += value;
    }
    return sum;
  };
  const rows = [row(["CPU per call under load (ms)", "", ""], widths)];
  for (const source of sources) {
    const direct = source === "Toolscope" ? "—" : known(d.throughput.cpuPerCall[source]);
    rows.push(row([`  ${source}`, direct, known(t.throughput.cpuPerCall[source])], widths));
  }
  const directTotal = total(d, "direct");
  const toolscopeTotal = total(t, "toolscope");
  rows.push(row(["  all processes", known(directTotal), known(toolscopeTotal)], widths));
  const cpus = Number(report.setup.cpus);
  if (directTotal !== null && toolscopeTotal !== null && cpus > 0) {
    const ceiling = (perCall: number): string => ((cpus * 1000) / perCall).toFixed(0);
    rows.push(row([`  ceiling on ${cpus} cores (calls/s)`, ceiling(directTotal), ceiling(toolscopeTotal)], widths));
  }
  return rows;
}

export function formatReport(report: Report): string {
  const { direct: d, toolscope: t, added } = report;
  const widths = [26, 10, 10, 14];
  const ms = (v: number): string => v.toFixed(3);
  const lines = [
    `tools/call "echo" over Streamable HTTP on loopback (${Object.entries(report.setup)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")})`,
    "",
    row(["", "direct", "Toolscope", "Toolscope-dir"], widths),
    row(["p50 (ms)", ms(d.sequential.p50), ms(t.sequential.p50), signed(added.p50Ms)], widths),
    row(["p90 (ms)", ms(d.sequential.p90), ms(t.sequential.p90), signed(added.p90Ms)], widths),
    row(["p99 (ms)", ms(d.sequential.p99), ms(t.sequential.p99), signed(added.p99Ms)], widths),
    row(["mean (ms)", ms(d.sequential.mean), ms(t.sequential.mean), signed(added.meanMs)], widths),
    row(
      [`calls/s, ${report.setup.concurrency} in flight`, d.throughput.callsPerSecond.toFixed(0), t.throughput.callsPerSecond.toFixed(0)],
      widths,
    ),
    row(
      [
        "  p50 under load (ms)",
        ms(d.throughput.underLoad.p50),
        ms(t.throughput.underLoad.p50),
        signed(t.throughput.underLoad.p50 - d.throughput.underLoad.p50),
      ],
      widths,
    ),
    ...cpuRows(report, widths),
    "",
    `added latency: ${signed(added.p50Ms)} ms at p50, ${signed(added.p99Ms)} ms at p99; throughput ratio (Toolscope / direct): ${report.throughputRatio.toFixed(2)}x`,
    "",
    "goals (information only):",
    ...report.goals.map((g) => `  ${g.pass ? "PASS" : "MISS"}  ${`${g.text} (${g.source})`.padEnd(46)} measured ${g.measured}`),
  ];
  return lines.join("\n");
}
