// The poisoning scan's precision and recall on labelled corpora of real-world tool definitions
// (test/fixtures/poisoning/*.json: published servers' tools, and poisoned tools modelled on
// published research), each reported on its own. A tool counts as flagged when the scan makes any
// safety finding other than an open schema (lib/report/poisoning.ts, isPoisoned). Each tool is
// scanned as the only tool of its server, with no other servers configured: the shadowing check
// then has only the text to go on, as for a server added alone.
//
//   npx tsx bench/poisoning.ts                       # every corpus, one line each
//   npx tsx bench/poisoning.ts --corpus <file>       # one corpus: by technique, and every miss
//   npx tsx bench/poisoning.ts [--corpus <file>] --json
//
// Goal (issues 33, 50): recall ≥ 0.95 at precision ≥ 0.9. The history of first-contact figures is
// in bench/README.md. A benchmark: it exits 0 whatever the figures.
import fs from "node:fs";
import path from "node:path";
import type { Tool } from "@/lib/domain/mcp-types";
import { isPoisoned, scanTool } from "@/lib/report/poisoning";
import { isFlagged, normalizedVerdict, VerdictSchema, type JudgeVerdict } from "@/lib/report/judge-verdict";

type Entry = { id: string; label: "poisoned" | "benign"; technique: string; source: string; tool: Tool };
type Count = { tp: number; fp: number; fn: number; tn: number };

const args = process.argv.slice(2);
const at = args.indexOf("--corpus");
const CORPORA = path.resolve(import.meta.dirname, "..", "test", "fixtures", "poisoning");
/** One corpus when named; else every corpus there, each reported on its own (a mixed total would hide a weak one). */
const files =
  at >= 0
    ? [path.resolve(args[at + 1]!)]
    : fs
        .readdirSync(CORPORA)
        .filter((name) => name.endsWith(".json"))
        .sort()
        .map((name) => path.join(CORPORA, name));

/**
 * Recorded verdicts of a judge (--verdicts <file>, "<corpus>/<id>" → verdict): replayed as the
 * model judge's findings would be, so a figure is the text scan, the judge alone, and the two
 * together, as Toolscope holds a definition when either flags it.
 */
const verdictsAt = args.indexOf("--verdicts");
const recorded =
  verdictsAt >= 0
    ? (JSON.parse(fs.readFileSync(path.resolve(args[verdictsAt + 1]!), "utf8")) as { judge: string; verdicts: Record<string, unknown> })
    : null;

function recordedVerdict(corpus: string, id: string): JudgeVerdict | null {
  const raw = recorded?.verdicts[`${corpus}/${id}`];
  if (raw === undefined) return null;
  return normalizedVerdict(VerdictSchema.parse(raw));
}

const ratio = (a: number, b: number): number => (b === 0 ? 1 : Math.round((a / b) * 1000) / 1000);

function figures(count: Count) {
  return { precision: ratio(count.tp, count.tp + count.fp), recall: ratio(count.tp, count.tp + count.fn), counts: count };
}

function tally(count: Count, poisoned: boolean, flagged: boolean): void {
  count[poisoned ? (flagged ? "tp" : "fn") : flagged ? "fp" : "tn"]++;
}

function measure(file: string) {
  const { entries } = JSON.parse(fs.readFileSync(file, "utf8")) as { entries: Entry[] };
  const corpus = path.basename(file, ".json");
  const judgeAlone: Count = { tp: 0, fp: 0, fn: 0, tn: 0 };
  const together: Count = { tp: 0, fp: 0, fn: 0, tn: 0 };
  let unjudged = 0;
  const total: Count = { tp: 0, fp: 0, fn: 0, tn: 0 };
  const byTechnique = new Map<string, Count>();
  const misses: { id: string; label: string; technique: string; rules: string[] }[] = [];
  const started = performance.now();
  for (const entry of entries) {
    const findings = scanTool(entry.tool, { ownTools: new Set([entry.tool.name]) });
    const flagged = isPoisoned(findings);
    const poisoned = entry.label === "poisoned";
    if (recorded) {
      const verdict = recordedVerdict(corpus, entry.id);
      if (!verdict) unjudged++;
      const judged = verdict ? isFlagged(verdict) : false;
      tally(judgeAlone, poisoned, judged);
      tally(together, poisoned, flagged || judged);
    }
    const key = poisoned ? (flagged ? "tp" : "fn") : flagged ? "fp" : "tn";
    total[key]++;
    const technique = byTechnique.get(entry.technique) ?? { tp: 0, fp: 0, fn: 0, tn: 0 };
    technique[key]++;
    byTechnique.set(entry.technique, technique);
    if (flagged !== poisoned)
      misses.push({
        id: entry.id,
        label: entry.label,
        technique: entry.technique,
        rules: findings.filter((f) => f.group === "safety").map((f) => `${f.rule}: ${f.message.slice(0, 120)}`),
      });
  }
  const ms = performance.now() - started;
  const precision = ratio(total.tp, total.tp + total.fp);
  const recall = ratio(total.tp, total.tp + total.fn);
  const report = {
    corpus: path.relative(process.cwd(), file),
    entries: entries.length,
    poisoned: total.tp + total.fn,
    benign: total.fp + total.tn,
    precision,
    recall,
    goal: { recall: 0.95, precision: 0.9, met: recall >= 0.95 && precision >= 0.9 },
    counts: total,
    msPerTool: Math.round((ms / entries.length) * 100) / 100,
    byTechnique: Object.fromEntries([...byTechnique].sort(([a], [b]) => a.localeCompare(b))),
    misses,
    ...(recorded ? { judge: { by: recorded.judge, unjudged, alone: figures(judgeAlone), withTextScan: figures(together) } } : {}),
  };
  return report;
}

type Report = ReturnType<typeof measure>;

function print(report: Report): void {
  const { counts: total, precision, recall, misses } = report;
  console.log(`poisoning scan on ${report.corpus}: ${report.poisoned} poisoned, ${report.benign} benign`);
  console.log(`precision ${precision}  recall ${recall}  (goal: recall ≥ 0.95 at precision ≥ 0.9: ${report.goal.met ? "met" : "not met"})`);
  console.log(`tp ${total.tp}  fp ${total.fp}  fn ${total.fn}  tn ${total.tn}  · ${report.msPerTool} ms per tool`);
  if (report.judge) {
    const { alone, withTextScan } = report.judge;
    console.log(`recorded judge (${report.judge.by}) alone: precision ${alone.precision}  recall ${alone.recall}`);
    console.log(`text scan or judge (what holds a definition): precision ${withTextScan.precision}  recall ${withTextScan.recall}`);
    if (report.judge.unjudged)
      console.log(`(${report.judge.unjudged} entries have no recorded verdict: counted as not flagged by the judge)`);
  }
  console.log("\nby technique (flagged / entries):");
  for (const [technique, c] of Object.entries(report.byTechnique))
    console.log(`  ${technique.padEnd(34)} ${c.tp + c.fp} / ${c.tp + c.fp + c.fn + c.tn}`);
  if (misses.length) {
    console.log("\nmisses:");
    for (const m of misses)
      console.log(
        `  ${m.label === "poisoned" ? "missed " : "false +"} ${m.id} (${m.technique})${m.rules.length ? `\n      ${m.rules.join("\n      ")}` : ""}`,
      );
  }
}

const reports = files.map(measure);
if (args.includes("--json")) process.stdout.write(`${JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2)}\n`);
else if (reports.length === 1) print(reports[0]!);
else {
  console.log("poisoning scan, each corpus on its own (--corpus <file> for one, with its misses):\n");
  const cell = (value: number, width: number): string => String(value).padStart(width);
  const pair = (f: { precision: number; recall: number }): string => `${cell(f.precision, 9)} ${cell(f.recall, 7)}`;
  console.log(
    `  ${"corpus".padEnd(44)} ${"poisoned".padStart(8)} ${"benign".padStart(7)}  text ${"precision".padStart(9)} ${"recall".padStart(7)}${recorded ? `  judge ${"precision".padStart(9)} ${"recall".padStart(7)}  both ${"precision".padStart(9)} ${"recall".padStart(7)}` : ""}`,
  );
  for (const r of reports)
    console.log(
      `  ${r.corpus.padEnd(44)} ${cell(r.poisoned, 8)} ${cell(r.benign, 7)}       ${pair(r)}${r.judge ? `        ${pair(r.judge.alone)}       ${pair(r.judge.withTextScan)}` : ""}`,
    );
}
