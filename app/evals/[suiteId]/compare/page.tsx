import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { rateTone } from "@/components/evals/pass-rate";
import { AppError } from "@/lib/errors";
import { getRun } from "@/lib/evals/eval-store";
import { diffRuns } from "@/lib/evals/run-diff";
import { percent } from "@/lib/domain/eval-run-shapes";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Compare eval runs" };

function Rates({ before, after }: { before: number | null; after: number | null }): ReactNode {
  const arrow = before === null || after === null || before === after ? "→" : after > before ? "↑" : "↓";
  return (
    <span className="tabular-nums whitespace-nowrap">
      <span className={rateTone(before)}>{percent(before)}</span> {arrow} <span className={rateTone(after)}>{percent(after)}</span>
    </span>
  );
}

export default async function ComparePage({
  params,
  searchParams,
}: {
  params: Promise<{ suiteId: string }>;
  searchParams: Promise<{ before?: string; after?: string }>;
}): Promise<ReactNode> {
  const { suiteId } = await params;
  const { before: beforeId, after: afterId } = await searchParams;
  if (!beforeId || !afterId) notFound();
  const runs = await Promise.all([getRun(beforeId), getRun(afterId)]).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found:eval_run") return null;
    throw error;
  });
  if (!runs || runs.some((run) => run.suiteId !== suiteId)) notFound();
  const [before, after] = runs;
  const diff = diffRuns(before.attempts, after.attempts);
  const changed = diff.cells.filter((cell) => cell.changed);
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-5xl px-4 py-6 sm:px-8">
        <Link href={`/evals/${suiteId}`} className="text-[12px] text-muted hover:underline">
          ← {after.suiteName}
        </Link>
        <h1 className="mt-1 text-lg font-semibold tracking-tight">What changed between two runs</h1>
        <p className="mt-1 text-sm text-muted">
          <Link className="underline" href={`/evals/${suiteId}/runs/${before.id}`}>
            {new Date(before.startedAt).toLocaleString()}
          </Link>{" "}
          →{" "}
          <Link className="underline" href={`/evals/${suiteId}/runs/${after.id}`}>
            {new Date(after.startedAt).toLocaleString()}
          </Link>
        </p>
        <h2 className="mt-5 text-[11px] font-semibold tracking-wide text-muted uppercase">By model</h2>
        <ul className="mt-1 space-y-0.5 text-[13px]" data-testid="diff-models">
          {diff.byModel.map((row) => (
            <li key={row.model}>
              {row.model}: <Rates before={row.before} after={row.after} />
            </li>
          ))}
        </ul>
        <h2 className="mt-5 text-[11px] font-semibold tracking-wide text-muted uppercase">Cases that changed</h2>
        {changed.length === 0 ? (
          <p className="mt-1 text-sm text-muted" data-testid="diff-none">
            Every case did as before on every model.
          </p>
        ) : (
          <ul className="mt-1 space-y-2" data-testid="diff-cells">
            {changed.map((cell) => (
              <li
                key={`${cell.case}\u0000${cell.model}`}
                className="rounded-lg border border-zinc-200 px-3 py-2 text-[12px] dark:border-zinc-800"
              >
                <span className="font-medium">{cell.case}</span> on {cell.model}: <Rates before={cell.before} after={cell.after} />
                {(cell.before === null || cell.after === null) && (
                  <span className="ml-2 text-muted">(not tried in the {cell.before === null ? "earlier" : "later"} run)</span>
                )}
                {cell.broke.length > 0 && (
                  <ul className="mt-1 list-disc pl-5 text-rose-700 dark:text-rose-400">
                    {cell.broke.map((text) => (
                      <li key={text}>Now fails: {text}</li>
                    ))}
                  </ul>
                )}
                {cell.fixed.length > 0 && (
                  <ul className="mt-1 list-disc pl-5 text-emerald-700 dark:text-emerald-400">
                    {cell.fixed.map((text) => (
                      <li key={text}>Now passes: {text}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
