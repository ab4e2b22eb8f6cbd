// A saved call's latest run beside the one before it (issue 17): what of the result changed
// (its text and structuredContent, path by path), the checks, then both results in full.
import type { ReactNode } from "react";
import { JsonChanges } from "@/components/audit/audit-diff";
import { ResultView } from "@/components/invoke/result-view";
import { jsonDiff } from "@/lib/domain/json-diff";
import { comparableResult, describeCheck } from "@/lib/domain/saved-checks";
import type { RunView, SavedKind } from "@/lib/domain/saved-shapes";
import { SavedAnswer } from "./saved-answer";
import { RunBadge, runOutcomeLabel } from "./run-badge";

function RunSide({
  run,
  label,
  serverId,
  kind,
}: {
  run: RunView | undefined;
  label: string;
  serverId: string;
  kind: SavedKind;
}): ReactNode {
  return (
    <div className="min-w-0" data-testid={label === "This run" ? "run-latest" : "run-previous"}>
      <div className="mb-2 flex flex-wrap items-center gap-2 text-[12px]">
        <span className="font-semibold">{label}</span>
        {run && <RunBadge run={run} />}
        {run && (
          <span className="text-muted">
            {runOutcomeLabel(run.outcome, run.response?.outputValidation.verdict)} · {new Date(run.startedAt).toLocaleString()} ·{" "}
            {run.actorName}
          </span>
        )}
      </div>
      {!run ? (
        <p className="text-[12px] text-muted">None yet.</p>
      ) : run.response ? (
        <ResultView response={run.response} serverId={serverId} />
      ) : run.answer ? (
        <SavedAnswer kind={kind} answer={run.answer} serverId={serverId} />
      ) : (
        <p className="rounded-md bg-zinc-50 p-2.5 text-[12px] text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400" data-testid="run-error">
          {run.responseHidden ? "Someone else's run: its result is shown to auditors and admins only." : (run.error ?? "No result.")}
        </p>
      )}
    </div>
  );
}

export function RunChecks({ run }: { run: RunView }): ReactNode {
  if (run.checks.length === 0) return null;
  return (
    <ul className="space-y-0.5 text-[12px]" data-testid="run-checks">
      {run.checks.map((c, i) => (
        <li
          key={i}
          data-testid="run-check"
          data-passed={c.passed}
          className={c.passed ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400"}
        >
          {c.passed ? "✓" : "✕"} {describeCheck(c.check)} <span className="text-muted">— {c.message}</span>
        </li>
      ))}
    </ul>
  );
}

export function RunCompare({ runs, serverId, kind = "call" }: { runs: RunView[]; serverId: string; kind?: SavedKind }): ReactNode {
  const [latest, previous] = runs;
  if (!latest) return null;
  const answerOf = (run: RunView | undefined) => run?.response ?? run?.answer ?? null;
  const comparable = answerOf(latest) && answerOf(previous);
  return (
    <div className="space-y-3" data-testid="run-compare">
      <RunChecks run={latest} />
      {comparable ? (
        <JsonChanges
          title="Result since the previous run"
          changes={jsonDiff(comparableResult(answerOf(previous)), comparableResult(answerOf(latest)))}
          testId="run-diff"
        />
      ) : (
        previous && (
          <p className="text-[12px] text-muted" data-testid="run-diff-none">
            The previous run has no result to compare with.
          </p>
        )
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <RunSide run={latest} label="This run" serverId={serverId} kind={kind} />
        <RunSide run={previous} label="Previous run" serverId={serverId} kind={kind} />
      </div>
    </div>
  );
}
