import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { RunView } from "@/components/evals/run-view";
import { can } from "@/lib/domain/roles";
import { AppError } from "@/lib/errors";
import { listing, readRun } from "@/lib/evals/eval-store";
import { pageCaller } from "@/lib/http/page-caller";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Eval run" };

export default async function RunPage({ params }: { params: Promise<{ suiteId: string; runId: string }> }): Promise<ReactNode> {
  const { suiteId, runId } = await params;
  const caller = await pageCaller();
  const run = await readRun(runId, caller).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found:eval_run") return null;
    throw error;
  });
  if (!run || run.suiteId !== suiteId) notFound();
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-5xl px-4 py-6 sm:px-8">
        <Link href={`/evals/${suiteId}`} className="text-[12px] text-muted hover:underline">
          ← {run.suiteName}
        </Link>
        <h1 className="mt-1 text-lg font-semibold tracking-tight">Run of {new Date(run.startedAt).toLocaleString()}</h1>
        <p className="mt-1 mb-4 text-sm text-muted">
          Started by {run.startedBy} · {run.models.join(", ")} · each case {run.repeat} time{run.repeat === 1 ? "" : "s"} on each model
        </p>
        {run.payloadsHidden && (
          <p className="mb-3 text-[12px] text-muted" data-testid="run-payloads-hidden">
            What the calls sent and answered is hidden: reading it needs the audit:payloads permission, as in the audit log.
          </p>
        )}
        <RunView key={run.id} initial={{ ...listing(run), attempts: run.attempts }} mayStop={can(caller, "tools:call")} />
      </div>
    </div>
  );
}
