"use client";

// A suite's runs, newest first: when, who, each model's pass rate, and a pick of two to compare.
import Link from "next/link";
import { type ReactNode } from "react";
import { BUTTON_SECONDARY } from "@/components/ui/classes";
import type { RunListing } from "@/lib/domain/eval-run-shapes";
import { PassRate } from "./pass-rate";
import { Cell, DataTable, Row, SelectionBox, type TableColumn, useTwoTicked } from "@/components/ui/table";

const STATUS: Record<RunListing["status"], string> = {
  running: "running",
  finished: "finished",
  stopped: "stopped",
  failed: "failed",
  interrupted: "interrupted (its process ended)",
};

const COLUMNS: readonly TableColumn[] = [
  { name: "", label: "Compare" },
  { name: "Started", isRowHeader: true },
  { name: "Pass rate by model" },
  { name: "Runs" },
  { name: "Status" },
];

export function RunHistory({ suiteId, runs }: { suiteId: string; runs: readonly RunListing[] }): ReactNode {
  const { ticked: picked, onSelectionChange } = useTwoTicked(runs.map((run) => run.id));
  const [newer, older] = runs.filter((run) => picked.includes(run.id));
  return (
    <div>
      <DataTable
        label="Runs of this suite, newest first"
        columns={COLUMNS}
        testId="run-history"
        minWidth="min-w-[36rem]"
        className="mt-3 text-[12px]"
        bodyClassName="divide-y divide-zinc-100 dark:divide-zinc-900"
        selectionMode="multiple"
        selectedKeys={new Set(picked)}
        onSelectionChange={onSelectionChange}
      >
        {runs.map((run) => (
          <Row key={run.id} id={run.id} data-testid="run-row">
            <Cell className="py-1.5 pr-2">
              <SelectionBox label={`Compare the run of ${new Date(run.startedAt).toLocaleString()}`} />
            </Cell>
            <Cell className="py-1.5 pr-3 whitespace-nowrap">
              <Link href={`/evals/${suiteId}/runs/${run.id}`} className="underline-offset-2 hover:underline" data-testid="run-link">
                {new Date(run.startedAt).toLocaleString()}
              </Link>
              <span className="block text-muted">{run.startedBy}</span>
            </Cell>
            <Cell className="py-1.5 pr-3">
              <span className="flex flex-wrap gap-x-3">
                {run.models.map((model) => (
                  <span key={model} className="whitespace-nowrap">
                    {model} <PassRate figures={run.summary.byModel[model]} />
                  </span>
                ))}
              </span>
            </Cell>
            <Cell className="py-1.5 pr-3 tabular-nums">× {run.repeat}</Cell>
            <Cell className="py-1.5">
              {STATUS[run.status]}
              {run.status === "running" && ` (${run.attempted}/${run.planned})`}
            </Cell>
          </Row>
        ))}
      </DataTable>
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
