"use client";

// A server's tool definitions waiting for approval, on its report card: each changed tool with
// what changed (a description word by word, anything else as before and after), each new tool
// the poisoning scan flagged with why (its patterns' findings, the model judge's verdict), each
// one waiting for the judge, whether calls are held, and, for admins, Approve.
import { Button } from "@/components/ui/button";
import { diffWords } from "diff";
import { useCallback, type ReactNode } from "react";
import { api } from "@/components/api/client";
import type { PendingDefinition, PendingReason } from "@/lib/domain/definition-pins";
import type { JsonChange } from "@/lib/domain/json-diff";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, ERROR_NOTE } from "@/components/ui/classes";
import { useApiData } from "@/components/ui/use-api-data";
import { ErrorNote } from "@/components/ui/error-note";

const REASONS: Record<PendingReason, string> = {
  first: "never approved",
  new: "new since the list was approved",
  changed: "changed since it was approved",
  flagged: "new, and failed the poisoning scan",
  judging: "waiting for the model judge's verdict",
};

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > 240 ? `${text.slice(0, 237)}…` : text;
}

function WordDiff({ before, after }: { before: string; after: string }): ReactNode {
  return (
    <p className="font-sans text-[12px] break-words whitespace-pre-wrap">
      {diffWords(before, after).map((part, i) =>
        part.added ? (
          <ins key={i} className="bg-emerald-100 text-emerald-900 no-underline dark:bg-emerald-950 dark:text-emerald-200">
            {part.value}
          </ins>
        ) : part.removed ? (
          <del key={i} className="bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200">
            {part.value}
          </del>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </p>
  );
}

export function Change({ change }: { change: JsonChange }): ReactNode {
  const before = change.kind === "added" ? undefined : change.before;
  const after = change.kind === "removed" ? undefined : change.after;
  return (
    <li className="py-1.5" data-testid="definition-change" data-path={change.path}>
      <p className="font-mono text-[11px] text-muted">
        {change.path.replace(/^\./, "")} · {change.kind}
      </p>
      {typeof before === "string" && typeof after === "string" ? (
        <WordDiff before={before} after={after} />
      ) : (
        <div className="font-mono text-[12px] break-words">
          {change.kind !== "added" && <p className="text-rose-700 dark:text-rose-400">− {short(before)}</p>}
          {change.kind !== "removed" && <p className="text-emerald-700 dark:text-emerald-400">+ {short(after)}</p>}
        </div>
      )}
    </li>
  );
}

function Pending({
  pending,
  mayApprove,
  onApprove,
}: {
  pending: PendingDefinition;
  mayApprove: boolean;
  onApprove: () => void;
}): ReactNode {
  return (
    <li className="py-3" data-testid="pending-definition" data-tool={pending.tool} data-held={pending.held}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-[13px] font-semibold">{pending.tool}</span>
        <span className="text-[12px] text-muted">{REASONS[pending.reason]}</span>
        {pending.held && (
          <span className="rounded border border-rose-300 bg-rose-50 px-1.5 py-px text-[11px] font-medium text-rose-800 dark:border-rose-800 dark:bg-rose-950/50 dark:text-rose-300">
            calls held
          </span>
        )}
        {mayApprove && (
          <Button className={`${BUTTON_SECONDARY} ml-auto`} onPress={onApprove} aria-label={`Approve the definition of ${pending.tool}`}>
            Approve
          </Button>
        )}
      </div>
      {pending.changes.length > 0 && (
        <ul className="mt-1 divide-y divide-zinc-100 dark:divide-zinc-900" aria-label={`What changed in ${pending.tool}`}>
          {pending.changes.map((change) => (
            <Change key={`${change.kind}${change.path}`} change={change} />
          ))}
        </ul>
      )}
      {pending.flags.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-[12px] text-rose-800 dark:text-rose-300">
          {pending.flags.map((flag, i) => (
            <li key={i} className="break-words">
              {flag}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function DefinitionChanges({ serverId }: { serverId: string }): ReactNode {
  const load = useCallback(() => api("GET /api/servers/:serverId/definitions", { params: { serverId } }), [serverId]);
  const { data, error, act } = useApiData(load);
  const approve = (body: object): Promise<void> =>
    act(() => api("POST /api/servers/:serverId/definitions/approve", { params: { serverId }, body }));
  if (!data) return error ? <p className={`${ERROR_NOTE} mt-6`}>{error}</p> : null;
  const held = data.pending.filter((p) => p.held).length;
  return (
    <section
      className="mt-6 rounded-lg border border-zinc-200 px-4 py-3 dark:border-zinc-800"
      aria-labelledby="definitions-title"
      data-testid="definition-changes"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="definitions-title" className="text-[13px] font-semibold">
          Definitions
        </h2>
        <span className="text-[12px] text-muted" data-testid="definitions-summary">
          {data.pinned} approved · {data.pending.length} waiting{held > 0 ? ` · ${held} held` : ""} · changed tools: {data.policy}
          {data.policySet ? "" : " (the mode's default)"}
        </span>
        {data.mayApprove && data.pending.length > 1 && (
          <Button className={`${BUTTON_PRIMARY} ml-auto`} onPress={() => void approve({ all: true })}>
            Approve all {data.pending.length}
          </Button>
        )}
      </div>
      <ErrorNote message={error} className="mt-2" />
      {data.pending.length === 0 ? (
        <p className="mt-1 text-[12px] text-muted">Every tool the server lists is the definition that was approved.</p>
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-900">
          {data.pending.map((pending) => (
            <Pending
              key={pending.hash}
              pending={pending}
              mayApprove={data.mayApprove}
              onApprove={() => void approve({ tool: pending.tool, hash: pending.hash })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
