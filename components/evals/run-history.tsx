"use client";

// A suite's runs, newest first: when, who, each model's pass rate, and a pick of two to compare.
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { BUTTON_SECONDARY } from "@/components/ui/classes";
import type { RunListing } from "@/lib/domain/eval-run-shapes";
import { PassRate } from "./pass-rate";
import { Checkbox } from "@/components/ui/checkbox";

const STATUS: Record<RunListing["status"], string> = {
  running: "running",
  finished: "finished",
  stopped: "stopped",
  failed: "failed",
  interrupted: "interrupted (its process ended)",
};

export function RunHistory({ suiteId, runs }: { suiteId: string; runs: readonly RunListing[] }): ReactNode {
  const [picked, setPicked] = useState<string[]>([]);
  const toggle = (id: string, on: boolean) =>
    setPicked((now) => (on ? [...now.filter((p) => p !== id), id].slice(-2) : now.filter((p) => p !== id)));
  const [newer, older] = runs.filter((run) => picked.includes(run.id));
  return (
    <div>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-[12px]" data-testid="run-history">
          <caption className="sr-only">Runs of this suite, newest first</caption>
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">
                <span className="sr-only">Compare</span>
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Started
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Pass rate by model
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Runs
              </th>
              <th scope="col" className="py-1 font-medium">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-900">
            {runs.map((run) => (
              <tr key={run.id} data-testid="run-row">
                <td className="py-1.5 pr-2">
                  <Checkbox
                    isSelected={picked.includes(run.id)}
                    onChange={(checked) => toggle(run.id, checked)}
                    label={`Compare the run of ${new Date(run.startedAt).toLocaleString()}`}
                    className="flex"
                  />
                </td>
                <td className="py-1.5 pr-3 whitespace-nowrap">
                  <Link href={`/evals/${suiteId}/runs/${run.id}`} className="underline-offset-2 hover:underline" data-testid="run-link">
                    {new Date(run.startedAt).toLocaleString()}
                  </Link>
                  <span className="block text-muted">{run.startedBy}</span>
                </td>
                <td className="py-1.5 pr-3">
                  <span className="flex flex-wrap gap-x-3">
                    {run.models.map((model) => (
                      <span key={model} className="whitespace-nowrap">
                        {model} <PassRate figures={run.summary.byModel[model]} />
                      </span>
                    ))}
                  </span>
                </td>
                <td className="py-1.5 pr-3 tabular-nums">× {run.repeat}</td>
                <td className="py-1.5">
                  {STATUS[run.status]}
                  {run.status === "running" && ` (${run.attempted}/${run.planned})`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-2 flex items-center gap-3 text-[12px] text-muted">
        {newer && older ? (
          <Link
            href={`/evals/${suiteId}/compare?before=${older.id}&after=${newer.id}`}
            className={BUTTON_SECONDARY}
            data-testid="compare-runs"
          >
            Compare the two runs
          </Link>
        ) : (
          <span>Tick two runs to see what changed between them.</span>
        )}
      </div>
    </div>
  );
}
