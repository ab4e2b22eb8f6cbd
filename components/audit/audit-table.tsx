"use client";

// The audit log's rows, newest first: a table, and on a phone a list of cards with the same facts.
// A row opens its record beside the list (over it, on a phone); ticking two rows compares them.
import Link from "next/link";
import { AUTH_METHOD_LABELS, type AuthMethod } from "@/lib/domain/roles";
import { recordKindLabel } from "@/lib/domain/audit-event-kinds";
import { useState, type ReactNode } from "react";
import type { AuditEntry } from "@/lib/audit/entry";
import { groupCompletions, typedValues, type AuditRow } from "@/lib/domain/audit-groups";
import { OutcomeBadge } from "./outcome-badge";
import { ViaTag } from "./via";
import { INVOCATION_LABELS, isInvocationKind } from "@/lib/domain/invocation-kinds";
import { Checkbox } from "@/components/ui/checkbox";
import { Cell, DataTable, Row, SelectionBox, type TableColumn, useTwoTicked } from "@/components/ui/table";
import { Button } from "@/components/ui/button";

function summary(value: unknown): string {
  const text = JSON.stringify(value) ?? "";
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/** What was called (a tool, a resource, a prompt), or which event the record is. */
function ToolCell({ record: r }: { record: AuditEntry }): ReactNode {
  return (
    <>
      {r.kind === "call" ? (
        <>
          {r.tool_name}
          <ViaTag via={r.via} />
        </>
      ) : isInvocationKind(r.kind) ? (
        <>
          <span
            className="mr-1.5 rounded bg-sky-50 px-1.5 py-px font-sans text-[11px] font-medium text-sky-800 dark:bg-sky-950/50 dark:text-sky-300"
            data-testid="audit-invocation-kind"
          >
            {INVOCATION_LABELS[r.kind]}
          </span>
          {r.tool_name}
          <ViaTag via={r.via} />
        </>
      ) : (
        <span
          className="rounded bg-violet-50 px-1.5 py-px font-sans text-[11px] font-medium text-violet-700 dark:bg-violet-950/50 dark:text-violet-300"
          data-testid="audit-event"
        >
          {recordKindLabel(r.kind)}
        </span>
      )}
    </>
  );
}

function OutcomeCell({ record: r }: { record: AuditEntry }): ReactNode {
  return (
    <>
      {/* An event (a sign-in, a decision) has no outcome of its own: its label says what happened. */}
      {r.kind === "call" || isInvocationKind(r.kind) ? (
        <OutcomeBadge outcome={r.outcome} code={r.error_code} outputVerdict={r.output_verdict} />
      ) : (
        <span className="text-muted">
          <span aria-hidden>—</span>
          <span className="sr-only">no outcome (an event)</span>
        </span>
      )}
    </>
  );
}

function ActorCell({ record: r }: { record: AuditEntry }): ReactNode {
  return (
    <>
      <span className="text-zinc-700 dark:text-zinc-300" data-testid="audit-actor-name">
        {r.actor_name ?? r.actor}
      </span>
      {r.auth_method && (
        <span className="ml-1 text-[11px] text-muted">
          · {AUTH_METHOD_LABELS[r.auth_method as AuthMethod] ?? r.auth_method}
          {r.token_name ? ` “${r.token_name}”` : ""}
        </span>
      )}
    </>
  );
}

function startedAt(r: AuditEntry): string {
  return r.started_at.replace("T", " ").replace(/\.\d+Z$/, "Z");
}

/** On a phone: each record as a card of its own, the same facts as the table's row, nothing off screen. */
function AuditList({
  records,
  selected,
  href,
  ticked,
  toggle,
}: {
  records: AuditEntry[];
  selected: string | undefined;
  href: (id: string) => string;
  ticked: string[];
  toggle: (id: string) => void;
}): ReactNode {
  return (
    <ul
      className="mt-1 divide-y divide-zinc-100 rounded-lg border border-zinc-200 md:hidden dark:divide-zinc-900 dark:border-zinc-800"
      data-testid="audit-list"
    >
      {records.map((r) => (
        <li
          key={r.id}
          data-testid="audit-card"
          data-audit-id={r.id}
          className={`flex gap-3 px-3 py-2 text-[13px] ${r.id === selected ? "bg-indigo-50 dark:bg-indigo-950/30" : ""}`}
        >
          <Checkbox
            label={`Compare call ${r.id}`}
            isSelected={ticked.includes(r.id)}
            onChange={() => toggle(r.id)}
            className="mt-1 shrink-0"
          />
          <div className="min-w-0 flex-1 space-y-0.5">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium">{r.server_id}</span>
              <span className="min-w-0 font-mono text-xs break-all">
                <ToolCell record={r} />
              </span>
              <span className="ml-auto">
                <OutcomeCell record={r} />
              </span>
            </div>
            <div className="text-xs text-muted">
              <ActorCell record={r} />
              {r.duration_ms !== null && <span className="font-mono"> · {r.duration_ms} ms</span>}
            </div>
            <Link href={href(r.id)} scroll={false} className="block font-mono text-xs text-indigo-700 underline dark:text-indigo-300">
              {startedAt(r)}
              <span className="sr-only"> (open this record)</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

const COLUMNS: readonly TableColumn[] = [
  { name: "", label: "Compare", className: "w-8" },
  { name: "Started", isRowHeader: true },
  { name: "Server" },
  { name: "Tool" },
  { name: "Outcome" },
  { name: "Duration", className: "text-right" },
  { name: "Actor" },
  { name: "Arguments" },
];

export function AuditTable({ records, selected, query }: { records: AuditEntry[]; selected?: string; query: string }): ReactNode {
  const [open, setOpen] = useState<Set<string>>(new Set());
  const href = (id: string): string => `/audit${query ? `${query}&` : "?"}selected=${id}`;
  const { ticked, onSelectionChange, toggle } = useTwoTicked(records.map((r) => r.id));

  // A field's completion lookups are one row, unfolded on demand (every one is still its own record).
  const rows = groupCompletions(records);
  const tableRow = (r: AuditEntry, row?: AuditRow<AuditEntry>): ReactNode => (
    <Row
      key={r.id}
      id={r.id}
      href={href(r.id)}
      routerOptions={{ scroll: false }}
      data-testid="audit-row"
      data-audit-id={r.id}
      data-open={r.id === selected || undefined}
      className={`cursor-pointer hover:bg-zinc-50 data-[open]:bg-indigo-50 dark:hover:bg-zinc-900/60 dark:data-[open]:bg-indigo-950/30`}
    >
      <Cell className="px-3 py-2">
        <SelectionBox label={`Compare call ${r.id}`} testId="audit-tick" />
      </Cell>
      <Cell className="px-3 py-2 font-mono text-xs whitespace-nowrap text-muted">
        <span title={r.id} className="hover:text-indigo-600" data-testid="audit-open">
          {startedAt(r)}
        </span>
        {r.id === selected && <span className="sr-only"> (open beside the list)</span>}
      </Cell>
      <Cell className="px-3 py-2 whitespace-nowrap">{r.server_id}</Cell>
      <Cell className="px-3 py-2 font-mono text-xs whitespace-nowrap">
        <ToolCell record={r} />
        {row && row.folded.length > 0 && (
          <Button
            aria-expanded={open.has(r.id)}
            onPress={() => setOpen((now) => new Set(now.has(r.id) ? [...now].filter((id) => id !== r.id) : [...now, r.id]))}
            className="ml-1.5 rounded bg-zinc-100 px-1.5 py-px font-sans text-[11px] text-zinc-700 outline-none hover:bg-zinc-200 data-[focus-visible]:outline-2 data-[focus-visible]:outline-indigo-500 dark:bg-zinc-800 dark:text-zinc-300 dark:hover:bg-zinc-700"
            data-testid="audit-folded"
          >
            +{row.folded.length} lookup{row.folded.length === 1 ? "" : "s"}
          </Button>
        )}
      </Cell>
      <Cell className="px-3 py-2">
        <OutcomeCell record={r} />
      </Cell>
      <Cell className="px-3 py-2 text-right font-mono text-xs whitespace-nowrap text-muted">
        {r.duration_ms === null ? "—" : `${r.duration_ms} ms`}
      </Cell>
      <Cell className="px-3 py-2 text-xs whitespace-nowrap text-muted">
        <span title={r.actor}>
          <ActorCell record={r} />
        </span>
      </Cell>
      <Cell className="max-w-xs truncate px-3 py-2 font-mono text-xs text-zinc-600 dark:text-zinc-400">
        <span title={JSON.stringify(r.arguments)}>
          {r.payload_hidden ? (
            <span className="font-sans text-muted italic">hidden</span>
          ) : row && row.folded.length > 0 ? (
            `typed: ${typedValues(row).join(" → ")}`
          ) : (
            summary(r.arguments)
          )}
        </span>
      </Cell>
    </Row>
  );

  return (
    <>
      <div className="mt-3 flex h-7 items-center gap-2 text-xs text-muted">
        {ticked.length === 2 ? (
          <Link
            href={`/audit/diff?a=${ticked[1]}&b=${ticked[0]}`}
            className="rounded-md bg-indigo-600 px-2.5 py-1 font-medium text-white hover:bg-indigo-700"
            data-testid="audit-compare"
          >
            Compare the two ticked calls
          </Link>
        ) : (
          <span>Tick two calls to compare them.</span>
        )}
      </div>
      <DataTable
        label="Audit records, newest first"
        columns={COLUMNS}
        testId="audit-table"
        bordered
        className="mt-1 hidden md:block"
        selectionMode="multiple"
        selectedKeys={new Set(ticked)}
        onSelectionChange={onSelectionChange}
      >
        {rows.flatMap((row) => [tableRow(row.record, row), ...(open.has(row.record.id) ? row.folded.map((r) => tableRow(r)) : [])])}
      </DataTable>
      <AuditList records={records} selected={selected} href={href} ticked={ticked} toggle={toggle} />
    </>
  );
}
