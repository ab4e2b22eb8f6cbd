"use client";

// What a report measured, beside its findings: the tool list's token cost, what listing it twice
// showed, and the audit log's figures per tool.
import Link from "next/link";
import type { ReactNode } from "react";
import type { ReportCard } from "@/lib/domain/report-card";
import { Cell, DataTable, Row } from "@/components/ui/table";

const CALL_COLUMNS = ["Tool", "Calls", "Failed", "p50", "p95", "outputSchema (valid / not)"] as const;

const CARD = "rounded-lg border border-zinc-200 px-4 py-3 dark:border-zinc-800";

function yesNo(value: boolean | null): string {
  return value === null ? "not measured" : value ? "yes" : "no";
}

function ms(value: number | null): string {
  if (value === null) return "—";
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}

export function ReportFacts({ card }: { card: ReportCard }): ReactNode {
  const { tokens, behaviour } = card;
  return (
    <div className="mt-6 grid gap-3 sm:grid-cols-2">
      <section className={CARD} aria-labelledby="facts-tokens" data-testid="report-tokens">
        <h2 id="facts-tokens" className="text-[13px] font-semibold">
          Token cost
        </h2>
        <p className="mt-1 text-2xl font-semibold tabular-nums">{tokens.total.toLocaleString("en")}</p>
        <p className="text-[12px] text-muted">
          tokens for all {card.toolCount} tools, sent with every model request ({tokens.encoding})
        </p>
        {tokens.biggest.length > 0 && (
          <ol className="mt-2 space-y-0.5 text-[12px]">
            {tokens.biggest.slice(0, 5).map((b) => (
              <li key={b.tool} className="flex justify-between gap-2">
                <span className="truncate font-mono">{b.tool}</span>
                <span className="shrink-0 tabular-nums text-muted">{b.tokens.toLocaleString("en")}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className={CARD} aria-labelledby="facts-behaviour" data-testid="report-behaviour">
        <h2 id="facts-behaviour" className="text-[13px] font-semibold">
          Measured against the server
        </h2>
        <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 text-[12px]">
          <dt className="text-muted">Listed twice just now</dt>
          <dd>{behaviour.probed ? `yes, ${behaviour.pages} page${behaviour.pages === 1 ? "" : "s"}` : "no (not connected)"}</dd>
          <dt className="text-muted">Same order both times</dt>
          <dd>{yesNo(behaviour.sameOrderTwice)}</dd>
          <dt className="text-muted">Declares tools.listChanged</dt>
          <dd>{behaviour.listChangedDeclared ? "yes" : "no"}</dd>
          <dt className="text-muted">list_changed heard</dt>
          <dd className="tabular-nums">{behaviour.listChangedHeard}</dd>
          <dt className="text-muted">Audit records read</dt>
          <dd className="tabular-nums">{behaviour.auditRecords === null ? "no access" : behaviour.auditRecords.toLocaleString("en")}</dd>
        </dl>
      </section>
      {card.toolStats.length > 0 && (
        <section className={`${CARD} sm:col-span-2`} aria-labelledby="facts-calls" data-testid="report-calls">
          <h2 id="facts-calls" className="text-[13px] font-semibold">
            Calls, from the audit log
          </h2>
          <DataTable
            label="Calls to each tool, from the audit log"
            columns={CALL_COLUMNS}
            testId="report-call-stats"
            className="mt-2 text-[12px] tabular-nums"
          >
            {card.toolStats.map((s) => (
              <Row key={s.tool} id={s.tool} className="border-t border-zinc-100 dark:border-zinc-900">
                <Cell className="py-1 pr-3 font-mono font-normal">
                  <Link
                    href={`/servers/${encodeURIComponent(card.serverId)}/tools/${encodeURIComponent(s.tool)}`}
                    className="text-indigo-700 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none dark:text-indigo-300"
                  >
                    {s.tool}
                  </Link>
                </Cell>
                <Cell className="py-1 pr-3">{s.calls}</Cell>
                <Cell className="py-1 pr-3">{s.failures}</Cell>
                <Cell className="py-1 pr-3">{ms(s.p50Ms)}</Cell>
                <Cell className="py-1 pr-3">{ms(s.p95Ms)}</Cell>
                <Cell className="py-1">{s.output.valid + s.output.invalid > 0 ? `${s.output.valid} / ${s.output.invalid}` : "—"}</Cell>
              </Row>
            ))}
          </DataTable>
        </section>
      )}
    </div>
  );
}
