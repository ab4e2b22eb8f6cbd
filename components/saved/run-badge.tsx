// Whether a saved call's latest run passed its checks, at a glance.
import type { ReactNode } from "react";
import { outcomeInfo, shownOutcome } from "@/lib/domain/outcomes";
import type { RunView } from "@/lib/domain/saved-shapes";

/**
 * A run's outcome in words, read with its output check's verdict when its response is shown;
 * "not_run": Toolscope did not send it (a missing secret, a refusal).
 */
export function runOutcomeLabel(outcome: string, outputVerdict?: string): string {
  return outcome === "not_run" ? "Not sent" : outcomeInfo(shownOutcome(outcome, outputVerdict)).label;
}

/** `testId`: "call-status" where it stands for a saved call (its latest run), "run-badge" beside one run. */
export function RunBadge({ run, testId = "run-badge" }: { run: RunView | undefined; testId?: string }): ReactNode {
  if (!run)
    return (
      <span
        data-testid={testId}
        data-state="none"
        className="rounded border border-zinc-200 px-1.5 py-0.5 text-[11px] text-muted dark:border-zinc-800"
      >
        Not run yet
      </span>
    );
  return run.passed ? (
    <span
      data-testid={testId}
      data-state="passed"
      className="rounded border border-emerald-200 bg-emerald-50 px-1.5 py-0.5 text-[11px] font-semibold text-emerald-700 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-300"
    >
      ✓ Passed
    </span>
  ) : (
    <span
      data-testid={testId}
      data-state="failed"
      className="rounded border border-rose-200 bg-rose-50 px-1.5 py-0.5 text-[11px] font-semibold text-rose-700 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-300"
    >
      ✕ Failed
    </span>
  );
}
