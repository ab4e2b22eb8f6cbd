import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { PassRateChart } from "@/components/evals/pass-rate-chart";
import { RunHistory } from "@/components/evals/run-history";
import { RunPanel } from "@/components/evals/run-panel";
import { SuiteActions } from "@/components/evals/suite-actions";
import { can } from "@/lib/domain/roles";
import { getSuite, listRuns } from "@/lib/evals/eval-store";
import { describeExpectation } from "@/lib/domain/eval-expectation-words";
import { resolvedCases } from "@/lib/domain/eval-suite-file";
import { pageCaller } from "@/lib/http/page-caller";
import { AppError } from "@/lib/errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Eval suite" };

const SECTION_TITLE = "text-[11px] font-semibold tracking-wide text-muted uppercase";

export default async function SuitePage({ params }: { params: Promise<{ suiteId: string }> }): Promise<ReactNode> {
  const { suiteId } = await params;
  const caller = await pageCaller();
  const found = await getSuite(suiteId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found:eval_suite") return null;
    throw error;
  });
  if (!found) notFound();
  const { suite } = found;
  const runs = await listRuns(suiteId);
  const mayRun = can(caller, "tools:call");
  const toolsFrom = (c: { servers?: string[] | undefined; virtualServer?: string | undefined }) =>
    c.virtualServer ? `virtual server ${c.virtualServer}` : c.servers ? c.servers.join(", ") : "every server you may call";
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-5xl px-4 py-6 sm:px-8">
        <Link href="/evals" className="text-[12px] text-muted hover:underline">
          ← Evals
        </Link>
        <h1 className="mt-1 text-lg font-semibold tracking-tight" data-testid="suite-name">
          {suite.name}
        </h1>
        {suite.description && <p className="mt-1 text-sm text-muted">{suite.description}</p>}
        <div className="mt-3">
          <SuiteActions suiteId={suiteId} file={suite} mayChange={mayRun} />
        </div>

        {mayRun && (
          <section className="mt-6 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800" aria-labelledby="run-title">
            <h2 id="run-title" className={SECTION_TITLE}>
              Run
            </h2>
            <div className="mt-2">
              <RunPanel suiteId={suiteId} />
            </div>
          </section>
        )}

        <section className="mt-6" aria-labelledby="history-title">
          <h2 id="history-title" className={SECTION_TITLE}>
            History
          </h2>
          {runs.length === 0 ? (
            <p className="mt-2 text-sm text-muted" data-testid="history-empty">
              Not run yet.
            </p>
          ) : (
            <>
              <PassRateChart runs={runs} />
              <RunHistory suiteId={suiteId} runs={runs} />
            </>
          )}
        </section>

        <section className="mt-6" aria-labelledby="cases-title">
          <h2 id="cases-title" className={SECTION_TITLE}>
            Cases ({suite.cases.length})
          </h2>
          <ol className="mt-2 space-y-2">
            {resolvedCases(suite).map((c) => (
              <li key={c.name} className="rounded-lg border border-zinc-200 px-4 py-3 dark:border-zinc-800" data-testid="suite-case">
                <h3 className="text-[13px] font-medium">{c.name}</h3>
                <p className="mt-1 text-[13px] whitespace-pre-wrap">{c.prompt}</p>
                <p className="mt-1 text-[12px] text-muted">
                  Tools: {toolsFrom(c)}
                  {c.system && " · with a system prompt"}
                  {c.temperature !== undefined && ` · temperature ${c.temperature}`}
                </p>
                <ul className="mt-1 list-disc pl-5 text-[12px]">
                  {c.expect.map((e, index) => (
                    <li key={index}>{describeExpectation(e)}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
