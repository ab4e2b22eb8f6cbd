import "server-only";
// A suite run across models, each case N times: the attempts of one round (every case on every
// model) before the next, so a run stopped early still compares the models on the same cases. A
// few attempts run at once (TOOLSCOPE_EVAL_CONCURRENCY, 2 by default): a provider's rate limit
// and the servers' load matter more than the run's speed.
import type { Caller } from "@/lib/domain/roles";
import { checkModels } from "@/lib/models/providers";
import { runAttempt } from "./run-attempt";
import type { EvalAttempt } from "@/lib/domain/eval-run-shapes";
import { resolvedCases, type EvalSuite } from "@/lib/domain/eval-suite-file";

export type SuiteRun = {
  suite: EvalSuite;
  models: readonly string[];
  repeat: number;
  caller: Caller;
  signal: AbortSignal;
  unattended?: boolean | undefined;
  /** Told each attempt as it ends, in the order they end. */
  onAttempt?: ((attempt: EvalAttempt) => void | Promise<void>) | undefined;
};

function concurrency(): number {
  const value = Number(process.env.TOOLSCOPE_EVAL_CONCURRENCY);
  return Number.isInteger(value) && value >= 1 && value <= 16 ? value : 2;
}

/** Every attempt of the run, in the order of the plan (round, model, case); the models are checked first. */
export async function runSuite(run: SuiteRun): Promise<EvalAttempt[]> {
  await checkModels(run.models, run.caller);
  const cases = resolvedCases(run.suite);
  const plan = Array.from({ length: run.repeat }, (_, round) =>
    run.models.flatMap((model) => cases.map((c) => ({ model, case: c, attempt: round + 1 }))),
  ).flat();
  const attempts: EvalAttempt[] = new Array<EvalAttempt>(plan.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < plan.length && !run.signal.aborted) {
      const index = next++;
      const step = plan[index]!;
      const attempt = await runAttempt({
        caller: run.caller,
        model: step.model,
        case: step.case,
        attempt: step.attempt,
        signal: run.signal,
        unattended: run.unattended,
      });
      attempts[index] = attempt;
      await run.onAttempt?.(attempt);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency(), plan.length) }, worker));
  return attempts.filter((attempt) => attempt !== undefined);
}
