// The figures the performance issue tracks, taken from the benches' own reports into one flat
// list: what `npm run bench` writes and prints. Each figure names its goal and whether it met it
// (null where a goal is relative to a product this run did not measure).
import type { CatalogReport, SizeReport } from "./catalog-report";
import type { Report as CallReport } from "./report";

export type Figure = { name: string; value: number | null; unit: string; goal: string; met: boolean | null };

/** The shared harness's results file (../shared/perf), as far as these figures read it. */
export type SideBySide = {
  ui?: Record<string, { catalog?: Record<string, { catalogMs?: { median: number } }> }>;
  api?: Record<string, Record<string, unknown>>;
};

const figure = (name: string, value: number | null, unit: string, goal: string, test?: (v: number) => boolean): Figure => ({
  name,
  value,
  unit,
  goal,
  met: value === null || !test ? null : test(value),
});

/** The harness's goals: all of 1,002 tools in 0.3 s, of 10,002 in 1.5 s; none for other sizes. */
function allToolsGoalMs(total: number): number | undefined {
  if (total <= 1_100) return 300;
  if (total <= 10_100) return 1_500;
  return undefined;
}

/** One catalog size's figures; "connect" includes the stdio demo server's spawn (the floor row says how much). */
function sizeFigures(size: SizeReport): Figure[] {
  const n = size.generated >= 1_000 ? `${Math.round(size.generated / 1_000)}k` : String(size.generated);
  const allGoal = allToolsGoalMs(size.total);
  const { summary } = size;
  return [
    figure(`UI: add stdio server → first tool, ${n}`, summary.firstToolFromRegister.p50, "ms", "≤ 300 ms, spawn included", (v) => v <= 300),
    allGoal === undefined
      ? figure(`UI: add stdio server → all tools, ${n}`, summary.coldFromRegister.p50, "ms", "information")
      : figure(
          `UI: add stdio server → all tools, ${n}`,
          summary.coldFromRegister.p50,
          "ms",
          `≤ ${allGoal} ms, spawn included`,
          (v) => v <= allGoal,
        ),
    figure(`  floor: SDK client spawn → listed, ${n}`, summary.direct.p50, "ms", "the floor"),
    figure(`UI: filter keystroke, worst, ${n}`, summary.filter.max, "ms", "≤ 50 ms", (v) => v <= 50),
    figure(`UI: DOM elements, ${n}`, size.memory.domElements, "elements", "≤ 2,000", (v) => v <= 2_000),
    figure(`UI: JS heap, ${n}`, size.memory.heapUsedMiB, "MiB", "≤ 100 MiB", (v) => v <= 100),
    figure(`UI: Run → result, ${n} loaded`, summary.runs.p50, "ms", "≤ 150 ms", (v) => v <= 150),
  ];
}

/** What bench/poisoning.ts reports of one corpus, as far as these figures read it. */
export type PoisoningReport = { corpus: string; precision: number; recall: number };

/** The poisoning scan on each labelled corpus (issue 33's goal: recall ≥ 0.95 at precision ≥ 0.9). */
export function poisoningFigures(reports: PoisoningReport[]): Figure[] {
  return reports.flatMap((r) => {
    const name = r.corpus.split("/").pop();
    return [
      figure(`poisoning scan: recall, ${name}`, r.recall, "", "≥ 0.95", (v) => v >= 0.95),
      figure(`poisoning scan: precision, ${name}`, r.precision, "", "≥ 0.9", (v) => v >= 0.9),
    ];
  });
}

/** What bench/agent-gateway.ts prints with --json. */
export type GatewayReport = {
  direct: { p50: number; callsPerSecond: number };
  gateway: { p50: number; callsPerSecond: number };
  addedP50Ms: number;
  audited: { made: number; records: number; ok: number };
};

export function gatewayFigures(report: GatewayReport): Figure[] {
  return [
    figure("/mcp: 16 agents, echo p50, direct", report.direct.p50, "ms", "the floor"),
    figure("/mcp: 16 agents, echo p50 added over direct", report.addedP50Ms, "ms", "≤ +2 ms", (v) => v <= 2),
    figure("/mcp: 16 agents, calls/s through Toolscope", report.gateway.callsPerSecond, "calls/s", "information"),
    figure("/mcp: calls audited ok / made", report.audited.ok / report.audited.made, "", "1 (none lost)", (v) => v === 1),
  ];
}

export function catalogFigures(report: CatalogReport): Figure[] {
  return report.sizes.flatMap(sizeFigures);
}

export function callFigures(report: CallReport): Figure[] {
  const cpu = report.toolscope.throughput.cpuPerCall.Toolscope ?? null;
  return [
    figure("API: echo p50, direct", report.direct.sequential.p50, "ms", "the floor"),
    figure("API: echo p50 added over direct", report.added.p50Ms, "ms", "≤ +1.0 ms", (v) => v <= 1),
    figure("API: echo p50 added by the floor proxy", report.floorAdded.p50Ms, "ms", "what any SDK-based proxy adds"),
    figure("API: 16 in flight, calls/s, direct", report.direct.throughput.callsPerSecond, "calls/s", "the floor"),
    figure("API: 16 in flight, calls/s, Toolscope", report.toolscope.throughput.callsPerSecond, "calls/s", "≥ 1.2× the Inspector"),
    figure("API: throughput ratio to direct", report.throughputRatio, "×", "information"),
    figure("API: Toolscope CPU per call under load", cpu, "ms", "below the Inspector"),
  ];
}

/** The rows only the side-by-side harness has: ratios to the Inspector and the direct client. */
export function sideBySideFigures(run: SideBySide): Figure[] {
  const figures: Figure[] = [];
  const inspector = run.api?.inspector as Record<string, unknown> | undefined;
  const toolscope = run.api?.toolscope as Record<string, unknown> | undefined;
  const direct = run.api?.direct as Record<string, unknown> | undefined;
  const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
  const path = (root: Record<string, unknown> | undefined, ...keys: string[]): number | null => {
    let at: unknown = root;
    for (const key of keys) at = at && typeof at === "object" ? (at as Record<string, unknown>)[key] : undefined;
    return num(at);
  };
  const ratio = (a: number | null, b: number | null): number | null => (a === null || b === null || b === 0 ? null : a / b);
  const list = (target: Record<string, unknown> | undefined): number | null => path(target, "list", "10000", "median");
  const blob = (target: Record<string, unknown> | undefined): number | null => path(target, "blob", "median");
  const rate = (target: Record<string, unknown> | undefined): number | null => path(target, "conc", "callsPerSec", "median");
  const p50 = (target: Record<string, unknown> | undefined): number | null => path(target, "seq", "p50");
  const cpu = (target: Record<string, unknown> | undefined): number | null => path(target, "conc", "targetCpuMsPerCall", "median");
  const added = (target: Record<string, unknown> | undefined): number | null => {
    const [a, b] = [p50(target), p50(direct)];
    return a === null || b === null ? null : a - b;
  };
  const inspectorAdded = added(inspector);
  figures.push(
    figure("side by side: echo p50 added, Inspector", inspectorAdded, "ms", "information"),
    figure(
      "side by side: echo p50 added, Toolscope",
      added(toolscope),
      "ms",
      "below the Inspector; ≤ +1.0 ms",
      (v) => v <= 1 && (inspectorAdded === null || v < inspectorAdded),
    ),
    figure("side by side: CPU per call, Toolscope / Inspector", ratio(cpu(toolscope), cpu(inspector)), "×", "< 1×", (v) => v < 1),
    figure("side by side: calls/s, Toolscope / Inspector", ratio(rate(toolscope), rate(inspector)), "×", "≥ 1.2×", (v) => v >= 1.2),
    figure("side by side: list 10k tools, Toolscope / direct", ratio(list(toolscope), list(direct)), "×", "≤ 1.3×", (v) => v <= 1.3),
    figure("side by side: 1 MiB result, Toolscope / direct", ratio(blob(toolscope), blob(direct)), "×", "≤ 1.5×", (v) => v <= 1.5),
  );
  const uiCatalog = (size: string): number | null => num(run.ui?.toolscope?.catalog?.[size]?.catalogMs?.median);
  figures.push(
    figure("side by side: UI connect → 1k listed, Toolscope", uiCatalog("1000"), "ms", "≤ 300 ms", (v) => v <= 300),
    figure("side by side: UI connect → 10k listed, Toolscope", uiCatalog("10000"), "ms", "≤ 1,500 ms", (v) => v <= 1_500),
  );
  return figures;
}

export function formatFigures(figures: Figure[]): string {
  const width = Math.max(...figures.map((f) => f.name.length));
  return figures
    .map((f) => {
      const value = f.value === null ? "—" : f.value >= 100 ? f.value.toFixed(0) : f.value.toFixed(2);
      const verdict = f.met === null ? "" : f.met ? "met" : "MISSED";
      return `${f.name.padEnd(width)}  ${`${value} ${f.unit}`.padStart(16)}  ${f.goal.padEnd(30)}  ${verdict}`;
    })
    .join("\n");
}
