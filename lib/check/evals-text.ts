// What `toolscope check --evals` prints and writes for JUnit: each model's pass rate and figures,
// and each case a model did not always pass, with the first reason it failed.
import type junit from "junit-report-builder";
import { passRate, percent, type EvalAttempt, type Figures } from "@/lib/domain/eval-run-shapes";
import type { CheckEvals } from "./check-evals";

function figures(f: Figures): string {
  const cost = f.costUsd === null ? "cost unknown" : `$${f.costUsd.toFixed(4)}`;
  return `${f.inputTokens.toLocaleString("en")} → ${f.outputTokens.toLocaleString("en")} tokens · ${cost} · ${(f.durationMs / 1000).toFixed(1)} s`;
}

/** The first reason an attempt failed. */
export function whyAttemptFailed(attempt: EvalAttempt): string {
  if (attempt.error) return attempt.error;
  return attempt.expectations.find((e) => !e.passed)?.message ?? "failed";
}

function casesOf(evals: CheckEvals): string[] {
  return [...new Set(evals.attempts.map((a) => a.case))];
}

export function evalsText(evals: CheckEvals): string[] {
  const lines = [
    "",
    `Evals “${evals.suite}”: ${casesOf(evals).length} cases × ${evals.models.length} model${evals.models.length === 1 ? "" : "s"} × ${evals.runs} run${evals.runs === 1 ? "" : "s"} · each model must pass ${percent(evals.minPassRate)}`,
  ];
  for (const model of evals.models) {
    const f = evals.summary.byModel[model];
    const rate = passRate(f);
    const ok = rate !== null && rate >= evals.minPassRate;
    lines.push(`  ${ok ? "✔" : "✖"} ${model}  ${percent(rate)} (${f?.passed ?? 0}/${f?.total ?? 0})${f ? ` · ${figures(f)}` : ""}`);
    for (const name of casesOf(evals)) {
      const cell = evals.summary.byCase[name]?.[model];
      if (!cell || cell.passed === cell.total) continue;
      const failed = evals.attempts.find((a) => a.case === name && a.model === model && !a.passed)!;
      lines.push(`      ✖ ${name}: ${cell.passed} of ${cell.total} passed — ${whyAttemptFailed(failed)}`);
    }
  }
  return lines;
}

/** One JUnit suite per model, a case per eval case: failed when its pass rate is under the threshold. */
export function evalsJunit(builder: ReturnType<typeof junit.newBuilder>, evals: CheckEvals): void {
  for (const model of evals.models) {
    const suite = builder.testSuite().name(`Evals · ${model}`);
    for (const name of casesOf(evals)) {
      const attempts = evals.attempts.filter((a) => a.case === name && a.model === model);
      const cell = evals.summary.byCase[name]?.[model];
      const rate = passRate(cell);
      const test = suite
        .testCase()
        .className(`toolscope.evals.${model}`)
        .name(name)
        .time(attempts.reduce((sum, a) => sum + a.durationMs, 0) / 1000);
      if (rate === null || rate < evals.minPassRate)
        test.failure(`${cell?.passed ?? 0} of ${cell?.total ?? 0} attempts passed, under ${percent(evals.minPassRate)}`, "eval").stacktrace(
          attempts
            .filter((a) => !a.passed)
            .map((a) => `attempt ${a.attempt}: ${whyAttemptFailed(a)}`)
            .join("\n"),
        );
      else if (cell && cell.passed < cell.total) test.standardOutput(`${cell.passed} of ${cell.total} attempts passed`);
    }
  }
}
