import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { ImportSuite } from "@/components/evals/import-suite";
import { PassRate } from "@/components/evals/pass-rate";
import { BUTTON_SECONDARY } from "@/components/ui/classes";
import { can } from "@/lib/domain/roles";
import { listSuites } from "@/lib/evals/eval-store";
import { pageCaller } from "@/lib/http/page-caller";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Evals" };

/** Eval suites: prompts for a model and what it should do with the servers' tools, run across models (lib/evals). */
export default async function EvalsPage(): Promise<ReactNode> {
  const caller = await pageCaller();
  const suites = await listSuites();
  const mayRun = can(caller, "tools:call");
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-5xl px-4 py-6 sm:px-8">
        <div className="flex flex-wrap items-start gap-3">
          <div className="min-w-0 flex-1">
            <h1 className="text-lg font-semibold tracking-tight">Evals</h1>
            <p className="mt-1 text-sm text-muted">
              Does a model pick the right tool and fill its arguments right? A suite holds prompts and what the model is expected to do; run
              it across models, several times each, and see the pass rates over time. Every call a model makes goes through Toolscope&apos;s
              pipeline and is audited.{" "}
              <a className="underline" href="https://github.com/toolscope/toolscope/blob/main/docs/evals.md">
                The suite file
              </a>{" "}
              is the same one <code>toolscope check --evals</code> runs in CI.
            </p>
          </div>
          {mayRun && (
            <div className="flex items-start gap-2">
              <Link href="/evals/new" className={BUTTON_SECONDARY} data-testid="suite-new">
                New suite
              </Link>
              <ImportSuite />
            </div>
          )}
        </div>
        {suites.length === 0 ? (
          <p className="mt-6 text-sm text-muted" data-testid="suites-empty">
            No eval suites yet.{mayRun ? " Start one with New suite, or import a suite file." : ""}
          </p>
        ) : (
          <ul
            className="mt-6 divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-900 dark:border-zinc-800"
            aria-label="Eval suites"
          >
            {suites.map((suite) => (
              <li key={suite.id}>
                <Link
                  href={`/evals/${suite.id}`}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5 hover:bg-zinc-50 dark:hover:bg-zinc-900"
                  data-testid="suite-link"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-[13px] font-medium">{suite.name}</span>
                    {suite.description && <span className="block truncate text-[12px] text-muted">{suite.description}</span>}
                  </span>
                  <span className="flex flex-wrap gap-x-3 text-[12px] text-muted">
                    <span>
                      {suite.cases} case{suite.cases === 1 ? "" : "s"}
                    </span>
                    {suite.lastRun ? (
                      Object.entries(suite.lastRun.summary.byModel).map(([model, figures]) => (
                        <span key={model}>
                          {model} <PassRate figures={figures} />
                        </span>
                      ))
                    ) : (
                      <span>never run</span>
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
