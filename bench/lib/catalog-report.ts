// Turns bench/catalog-render's samples into one table per catalog size, next to the browser
// rows of /work/shared/notes/targets.md, with a timeline of the median cold load.
import type { KeystrokeSample, MemorySample, RunSample } from "./browser";
import type { ConnectSamples } from "./connect";
import { summarize, type LatencySummary } from "./measure";

export type SizeResult = ConnectSamples & {
  generated: number;
  total: number;
  pageSize: number;
  memory: MemorySample;
  filter: KeystrokeSample[];
  runs: RunSample[];
};

export type CatalogGoal = { measure: string; target: string; measured: string; pass: boolean | null };

export type SizeReport = SizeResult & {
  summary: {
    direct: LatencySummary;
    api: LatencySummary;
    coldFromRegister: LatencySummary;
    /** From the POST that added the server to the first tool painted. */
    firstToolFromRegister: LatencySummary;
    cold: LatencySummary;
    warm: LatencySummary;
    filter: LatencySummary;
    /** Only the keystrokes after which the count or the rows changed. */
    filterChanged: LatencySummary;
    runs: LatencySummary;
  };
  goals: CatalogGoal[];
};

export type CatalogReport = { setup: Record<string, string | number | boolean>; sizes: SizeReport[] };

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number): string => `${ms.toFixed(0)} ms`;

/** targets.md gives 0.8 s for 1,002 tools and 1.5 s for 10,002; larger catalogs have none. */
function connectTargetMs(total: number): number | undefined {
  if (total <= 1_100) return 800;
  if (total <= 10_100) return 1_500;
  return undefined;
}

export function buildSizeReport(result: SizeResult): SizeReport {
  const summary = {
    direct: summarize(result.direct.map((s) => s.ms)),
    api: summarize(result.api.map((s) => s.ms)),
    coldFromRegister: summarize(result.cold.map((s) => s.fromRegisterMs)),
    firstToolFromRegister: summarize(result.cold.map((s) => s.firstToolFromRegisterMs)),
    cold: summarize(result.cold.map((s) => s.fromGotoMs)),
    warm: summarize(result.warm.map((s) => s.fromGotoMs)),
    filter: summarize(result.filter.map((s) => s.ms)),
    filterChanged: summarize(result.filter.filter((s) => s.changes > 0).map((s) => s.ms)),
    runs: summarize(result.runs.map((s) => s.ms)),
  };
  const connectTarget = connectTargetMs(result.total);
  // The median for repeated identical work (loads, runs); the worst keystroke for the filter,
  // because the steps differ and the target holds for every one of them.
  const goals: CatalogGoal[] = [
    {
      measure: "connect→first tool (median)",
      target: "≤ 0.30 s",
      measured: seconds(summary.firstToolFromRegister.p50),
      pass: summary.firstToolFromRegister.p50 <= 300,
    },
    {
      measure: "connect→rendered (median)",
      target: connectTarget === undefined ? "none for this size" : `≤ ${seconds(connectTarget)}`,
      measured: seconds(summary.cold.p50),
      pass: connectTarget === undefined ? null : summary.cold.p50 <= connectTarget,
    },
    { measure: "filter keystroke (worst)", target: "≤ 50 ms", measured: millis(summary.filter.max), pass: summary.filter.max <= 50 },
    {
      measure: "JS heap after GC",
      target: "≤ 100 MiB",
      measured: `${result.memory.heapUsedMiB.toFixed(1)} MiB`,
      pass: result.memory.heapUsedMiB <= 100,
    },
    {
      measure: "DOM elements",
      target: "≤ 5,000",
      measured: result.memory.domElements.toLocaleString("en-US"),
      pass: result.memory.domElements <= 5_000,
    },
    { measure: "Run→result (median)", target: "≤ 150 ms", measured: millis(summary.runs.p50), pass: summary.runs.p50 <= 150 },
  ];
  return { ...result, summary, goals };
}

function row(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ");
}

/** Where the median cold load spent its time, as offsets from page.goto. */
function coldTimeline(sample: ConnectSamples["cold"][number]): string {
  const at = (ms: number | null): string => (ms === null ? "?" : `${(sample.navigationStartMs + ms).toFixed(0)}`);
  const { marks } = sample;
  const fetch = marks.toolsFetch;
  const parts = [
    `POST /api/servers took ${sample.registerMs.toFixed(0)} ms before goto`,
    `navigation started +${sample.navigationStartMs.toFixed(0)}`,
    `HTML in +${at(marks.documentResponseEnd)}`,
    `DOMContentLoaded +${at(marks.domContentLoaded)}`,
    ...(fetch
      ? [
          `GET …/tools sent +${at(fetch.start)}, first byte +${at(fetch.responseStart)}, done +${at(fetch.responseEnd)} (${(fetch.bytes / 1024).toFixed(0)} KiB)`,
        ]
      : ["GET …/tools not seen"]),
    `first tool painted +${at(marks.firstToolPaintedAt)}, all rendered +${at(marks.renderedAt)}, painted +${at(marks.paintedAt)} ms`,
    `long tasks before paint: ${marks.longTasks.count}, ${marks.longTasks.ms.toFixed(0)} ms`,
  ];
  return parts.join("; ");
}

function formatSize(report: SizeReport): string {
  const { summary: s, memory } = report;
  const widths = [36, 9, 9, 20, 7];
  const medianCold = [...report.cold].sort((a, b) => a.fromGotoMs - b.fromGotoMs)[Math.floor((report.cold.length - 1) / 2)];
  const verdict = (goal: CatalogGoal | undefined): string => (goal?.pass === null || !goal ? "—" : goal.pass ? "PASS" : "MISS");
  const over = (ms: number, what: string): string => `${ms >= 0 ? "+" : ""}${seconds(ms)} over ${what}`;
  const [firstTool, connect, filter, heap, dom, run] = report.goals;
  const changed = report.filter.filter((k) => k.changes > 0).length;
  const keystrokes = report.filter
    .map(
      (k) => `${k.label} ${millis(k.ms)} (${k.count}${k.changes === 0 ? ", list unchanged" : ""}${k.timedOut ? ", did not settle" : ""})`,
    )
    .join("\n    ");
  const n = (count: number): string => `(${count})`;
  return [
    `${report.total.toLocaleString("en-US")} tools (${report.generated.toLocaleString("en-US")} generated + ${report.total - report.generated} fixed, tools/list pages of ${report.pageSize})`,
    row(["", "median", "max", "target", "verdict"], widths),
    row(
      [
        `connect→first tool, from POST ${n(report.cold.length)}`,
        seconds(s.firstToolFromRegister.p50),
        seconds(s.firstToolFromRegister.max),
        firstTool?.target ?? "",
        verdict(firstTool),
      ],
      widths,
    ),
    row(
      [
        `connect→rendered, from goto ${n(report.cold.length)}`,
        seconds(s.cold.p50),
        seconds(s.cold.max),
        connect?.target ?? "",
        verdict(connect),
      ],
      widths,
    ),
    row(["  floor: SDK client spawn→listed", seconds(s.direct.p50), seconds(s.direct.max), "same server, alone", ""], widths),
    row(["  Toolscope API: POST→listed", seconds(s.api.p50), seconds(s.api.max), over(s.api.p50 - s.direct.p50, "floor"), ""], widths),
    row(
      [
        "  in Chromium: POST→painted",
        seconds(s.coldFromRegister.p50),
        seconds(s.coldFromRegister.max),
        over(s.coldFromRegister.p50 - s.api.p50, "API"),
        "",
      ],
      widths,
    ),
    row([`warm load→first item ${n(report.warm.length)}`, seconds(s.warm.p50), seconds(s.warm.max), "information", ""], widths),
    row(
      [`filter keystroke ${n(report.filter.length)}`, millis(s.filter.p50), millis(s.filter.max), "≤ 50 ms, worst", verdict(filter)],
      widths,
    ),
    row([`  that changed the list ${n(changed)}`, millis(s.filterChanged.p50), millis(s.filterChanged.max), "", ""], widths),
    row(["JS heap after GC", `${memory.heapUsedMiB.toFixed(1)} MiB`, "", "≤ 100 MiB", verdict(heap)], widths),
    row(["DOM elements", memory.domElements.toLocaleString("en-US"), "", "≤ 5,000", verdict(dom)], widths),
    row([`Run→result shown ${n(report.runs.length)}`, millis(s.runs.p50), millis(s.runs.max), "≤ 150 ms, median", verdict(run)], widths),
    "",
    ...(medianCold ? [`  median cold load, ms from goto: ${coldTimeline(medianCold)}`] : []),
    `  Run→result: Toolscope's own duration ${report.runs.map((r) => (r.serverMs === null ? "?" : `${r.serverMs}`)).join("/")} ms; statuses ${[...new Set(report.runs.map((r) => r.status || "none"))].join(", ")}`,
    `  DOM: ${memory.domNodes.toLocaleString("en-US")} nodes with text (CDP), ${memory.listeners} listeners; JS heap total ${memory.heapTotalMiB.toFixed(1)} MiB`,
    `  keystrokes, input event → paint after the list's last change:\n    ${keystrokes}`,
  ].join("\n");
}

export function formatCatalogReport(report: CatalogReport): string {
  const setup = Object.entries(report.setup)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
  return [`Toolscope catalog in Chromium (${setup}); verdicts are information only`, ...report.sizes.map(formatSize)].join("\n\n");
}
