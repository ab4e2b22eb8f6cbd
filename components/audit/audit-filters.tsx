"use client";

// The audit page's filters: server, tool, outcome, person, kind of record, actor, time range and full text. They
// live in the URL (like the catalog's), so a filtered view can be linked and exported.
import { Button } from "@/components/ui/button";
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "@/components/ui/classes";
import { FILTER_OUTCOMES, outcomeInfo } from "@/lib/domain/outcomes";
import { EVENT_KINDS, EVENT_LABELS } from "@/lib/domain/audit-event-kinds";
import { VIA_KINDS } from "@/lib/domain/audit-via";
import { auditQueryString, type AuditFilterValues } from "@/lib/domain/audit-query-string";

const FIELD =
  "h-8 rounded-md border border-zinc-300 bg-white px-2 text-[13px] outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 dark:border-zinc-700 dark:bg-zinc-900";

/** ISO (UTC) to the value of a datetime-local input, in the browser's zone. */
function toLocalInput(iso: string): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return "";
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

type Props = { initial: AuditFilterValues; servers: string[]; people: { id: string; name: string }[] };

export function AuditFilters({ initial, servers, people }: Props): ReactNode {
  const router = useRouter();
  const [values, setValues] = useState({ ...initial, from: toLocalInput(initial.from), to: toLocalInput(initial.to) });
  const set = (key: keyof AuditFilterValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  const apply = (event: FormEvent): void => {
    event.preventDefault();
    const iso = (local: string): string => (local ? new Date(local).toISOString() : "");
    router.push(`/audit${auditQueryString({ ...values, from: iso(values.from), to: iso(values.to) })}`);
  };

  return (
    <form onSubmit={apply} className="mt-4 flex flex-wrap items-end gap-2" data-testid="audit-filters" role="search">
      <label className="flex min-w-40 flex-1 flex-col gap-1 text-[11px] font-medium text-muted">
        Search arguments, results and errors
        <input type="search" value={values.q} onChange={set("q")} placeholder="e.g. Lisbon" className={FIELD} data-testid="audit-q" />
      </label>
      <label className="flex flex-col gap-1 text-[11px] font-medium text-muted">
        Server
        <select value={values.server} onChange={set("server")} className={FIELD} data-testid="audit-server">
          <option value="">all</option>
          {[...new Set([...servers, ...(values.server ? [values.server] : [])])].map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-[11px] font-medium text-muted">
        Tool
        <input value={values.tool} onChange={set("tool")} placeholder="exact name" className={`${FIELD} w-36`} data-testid="audit-tool" />
      </label>
      <label className="flex flex-col gap-1 text-[11px] font-medium text-muted">
        Outcome
        <select value={values.outcome} onChange={set("outcome")} className={FIELD} data-testid="audit-outcome-filter">
          <option value="">any</option>
          {FILTER_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {outcomeInfo(o).label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-[11px] font-medium text-muted">
        Person
        <select value={values.person} onChange={set("person")} className={`${FIELD} max-w-44`} data-testid="audit-person">
          <option value="">anyone</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-[11px] font-medium text-muted">
        Records
        <select value={values.kind} onChange={set("kind")} className={FIELD} data-testid="audit-kind">
          <option value="">all</option>
          <option value="call">tool calls</option>
          <option value="resource_read">resource reads</option>
          <option value="prompt_get">prompt gets</option>
          <option value="completion">completions</option>
          <option value="event">account and admin events</option>
          {EVENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {EVENT_LABELS[kind].toLowerCase()}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-[11px] font-medium text-muted">
        Actor
        <input
          value={values.actor}
          onChange={set("actor")}
          placeholder="e.g. local"
          className={`${FIELD} w-28`}
          data-testid="audit-actor"
        />
      </label>
      {/* What to look for on the first row, when and the buttons on the second, rather than wherever they wrap. */}
      <span className="basis-full" aria-hidden="true" />
      <label className="flex flex-col gap-1 text-[11px] font-medium text-muted">
        Made from
        <select value={values.via} onChange={set("via")} className={FIELD} data-testid="audit-via-filter">
          <option value="">anywhere</option>
          {VIA_KINDS.map(([via, label]) => (
            <option key={via} value={via}>
              {label}
            </option>
          ))}
          {values.via && !VIA_KINDS.some(([via]) => via === values.via) && <option value={values.via}>{values.via}</option>}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-[11px] font-medium text-muted">
        From
        <input type="datetime-local" value={values.from} onChange={set("from")} className={FIELD} data-testid="audit-from" />
      </label>
      <label className="flex flex-col gap-1 text-[11px] font-medium text-muted">
        To
        <input type="datetime-local" value={values.to} onChange={set("to")} className={FIELD} data-testid="audit-to" />
      </label>
      <Button type="submit" className={BUTTON_PRIMARY} data-testid="audit-apply">
        Apply
      </Button>
      <Button className={BUTTON_SECONDARY} onPress={() => router.push("/audit")}>
        Clear
      </Button>
    </form>
  );
}
