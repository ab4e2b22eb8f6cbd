"use client";

// A run as it goes and once it ended: its progress (followed every second while it runs), Stop, the
// pass rate of each case on each model with the figures of each model, and every attempt.
import { Button } from "@/components/ui/button";
import { useRouter } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { BUTTON_SECONDARY, ERROR_NOTE } from "@/components/ui/classes";
import { api } from "@/components/api/client";
import { ApiError } from "@/lib/client/fetch-json";
import type { EvalRun, RunListing } from "@/lib/domain/eval-run-shapes";
import { AttemptView } from "./attempt-view";
import { PassRate } from "./pass-rate";
import { ErrorNote } from "@/components/ui/error-note";

export type RunDetail = RunListing & Pick<EvalRun, "attempts">;

const FOLLOW_MS = 1_000;

export function RunView({ initial, mayStop }: { initial: RunDetail; mayStop: boolean }): ReactNode {
  const router = useRouter();
  const [run, setRun] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const running = run.status === "running";
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => {
      api("GET /api/eval-runs/:runId", { params: { runId: run.id } }).then(
        (next) => {
          setRun(next);
          if (next.status !== "running") router.refresh();
        },
        (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
      );
    }, FOLLOW_MS);
    return () => clearTimeout(timer);
  }, [run, running, router]);
  const stop = async (): Promise<void> => {
    try {
      await api("POST /api/eval-runs/:runId/stop", { params: { runId: run.id } });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3 text-[13px]" role="status" data-testid="run-status">
        {running ? (
          <>
            <span>
              Running: {run.attempted} of {run.planned} attempts done
            </span>
            <progress value={run.attempted} max={run.planned} className="w-40" aria-label="Attempts done" />
            {mayStop && (
              <Button className={BUTTON_SECONDARY} onPress={() => void stop()} data-testid="run-stop">
                Stop
              </Button>
            )}
          </>
        ) : (
          <span>
            {run.status === "finished"
              ? "Finished"
              : run.status === "stopped"
                ? "Stopped"
                : run.status === "failed"
                  ? "Failed"
                  : "Interrupted"}
            {`: ${run.attempted} of ${run.planned} attempts`}
            {run.finishedAt && ` · ${((Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000).toFixed(1)} s`}
          </span>
        )}
      </div>
      {run.error && <p className={ERROR_NOTE}>{run.error}</p>}
      <ErrorNote message={error} />
      {/* Focusable, so that a keyboard can scroll it at 390 px. */}
      <div
        className="overflow-x-auto focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none"
        tabIndex={0}
        role="region"
        aria-label="Pass rates"
      >
        <table className="w-full min-w-[32rem] text-left text-[12px]" data-testid="run-matrix">
          <caption className="sr-only">Pass rate of each case on each model</caption>
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Case
              </th>
              {run.models.map((model) => (
                <th key={model} scope="col" className="py-1 pr-3 font-medium">
                  {model}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-900">
            {run.cases.map((name) => (
              <tr key={name}>
                <th scope="row" className="py-1.5 pr-3 font-normal">
                  {name}
                </th>
                {run.models.map((model) => (
                  <td key={model} className="py-1.5 pr-3">
                    <PassRate figures={run.summary.byCase[name]?.[model]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-zinc-200 dark:border-zinc-800">
            <tr>
              <th scope="row" className="py-1.5 pr-3">
                All cases
              </th>
              {run.models.map((model) => {
                const f = run.summary.byModel[model];
                return (
                  <td key={model} className="py-1.5 pr-3 align-top" data-testid="model-total">
                    <PassRate figures={f} testId={`rate-${model}`} />
                    {f && (
                      <span className="block text-[11px] text-muted">
                        {f.inputTokens.toLocaleString()} → {f.outputTokens.toLocaleString()} tokens ·{" "}
                        {f.costUsd === null ? "cost unknown" : `$${f.costUsd.toFixed(4)}`} · {(f.durationMs / 1000).toFixed(1)} s
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          </tfoot>
        </table>
      </div>
      {run.cases.map((name) => {
        const attempts = run.attempts
          .filter((a) => a.case === name)
          .sort((x, y) => run.models.indexOf(x.model) - run.models.indexOf(y.model) || x.attempt - y.attempt);
        if (attempts.length === 0) return null;
        return (
          <section key={name} aria-label={`Attempts of ${name}`}>
            <h3 className="text-[13px] font-medium">{name}</h3>
            <div className="mt-1 space-y-1.5">
              {attempts.map((attempt) => (
                <AttemptView key={`${attempt.model}-${attempt.attempt}`} attempt={attempt} />
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
