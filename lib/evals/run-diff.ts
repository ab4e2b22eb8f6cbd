// What changed between two runs of a suite: for each case and model, the pass rate before and after,
// and the expectations that fail now but failed in no attempt before (or the other way round), so a
// regression reads as what the model stopped doing. Pure and client-safe.
import { describeExpectation } from "@/lib/domain/eval-expectation-words";
import { passRate, summarize, type EvalAttempt } from "@/lib/domain/eval-run-shapes";

export type CellChange = {
  case: string;
  model: string;
  /** 0–1, or null where the run did not try this case on this model. */
  before: number | null;
  after: number | null;
  /** Expectations failing in the later run and in no attempt of the earlier one. */
  broke: string[];
  /** Expectations failing in the earlier run and in no attempt of the later one. */
  fixed: string[];
};

export type RunDiff = {
  /** Every case × model either run tried, in the later run's order; `changed` only where something moved. */
  cells: (CellChange & { changed: boolean })[];
  byModel: { model: string; before: number | null; after: number | null }[];
};

function failing(attempts: readonly EvalAttempt[], caseName: string, model: string): Set<string> {
  return new Set(
    attempts
      .filter((a) => a.case === caseName && a.model === model)
      .flatMap((a) => [
        ...a.expectations.filter((e) => !e.passed).map((e) => describeExpectation(e.expectation)),
        ...(a.error ? [`Finishes (${a.error})`] : []),
      ]),
  );
}

export function diffRuns(before: readonly EvalAttempt[], after: readonly EvalAttempt[]): RunDiff {
  const a = summarize(before);
  const b = summarize(after);
  const keys: [string, string][] = [];
  const seen = new Set<string>();
  for (const attempt of [...after, ...before]) {
    const key = JSON.stringify([attempt.case, attempt.model]);
    if (!seen.has(key)) keys.push([attempt.case, attempt.model]);
    seen.add(key);
  }
  const cells = keys.map(([caseName, model]) => {
    const rates = { before: passRate(a.byCase[caseName]?.[model]), after: passRate(b.byCase[caseName]?.[model]) };
    // A case one of the runs did not try on this model neither broke nor was fixed there.
    const both = rates.before !== null && rates.after !== null;
    const was = both ? failing(before, caseName, model) : new Set<string>();
    const now = both ? failing(after, caseName, model) : new Set<string>();
    const cell: CellChange = {
      case: caseName,
      model,
      ...rates,
      broke: [...now].filter((text) => !was.has(text)),
      fixed: [...was].filter((text) => !now.has(text)),
    };
    return { ...cell, changed: cell.before !== cell.after || cell.broke.length > 0 || cell.fixed.length > 0 };
  });
  const models = [...new Set([...Object.keys(b.byModel), ...Object.keys(a.byModel)])];
  return {
    cells,
    byModel: models.map((model) => ({ model, before: passRate(a.byModel[model]), after: passRate(b.byModel[model]) })),
  };
}
