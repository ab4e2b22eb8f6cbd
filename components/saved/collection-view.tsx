"use client";

// A collection (issue 17): its saved calls in order, each with its latest run beside the one
// before and their difference; run one call or all of them in order, export, present.
import { Button } from "@/components/ui/button";
import { SAVED_KIND_LABELS } from "@/lib/domain/saved-kinds";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useState, type ReactNode } from "react";
import { useCan } from "@/components/auth/viewer";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, ERROR_NOTE, INPUT } from "@/components/ui/classes";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { api } from "@/components/api/client";
import { ApiError } from "@/lib/client/fetch-json";
import type { CollectionView as Collection, SavedCallView } from "@/lib/domain/saved-shapes";
import { CopyLink } from "./copy-link";
import { RunBadge } from "./run-badge";
import { RunCompare } from "./run-compare";
import { missingSecrets, SecretValuesForm, type SecretValues } from "./secret-values";
import { usePreapproval } from "./preapproval";
import { PreapproveToggle } from "./preapprove-toggle";
import { useRiskyCalls } from "./use-risky-tools";
import { describeCheck } from "@/lib/domain/saved-checks";

const SMALL =
  "rounded border border-zinc-300 px-1.5 py-0.5 text-[11px] hover:bg-zinc-50 disabled:opacity-40 dark:border-zinc-700 dark:hover:bg-zinc-900";

type Confirm = { ids: string[]; all: boolean; reasons: { name: string; reason: string }[] };

export function CollectionView({ initial }: { initial: Collection }): ReactNode {
  const router = useRouter();
  const mayCall = useCan("tools:call");
  const [collection, setCollection] = useState(initial);
  const [secrets, setSecrets] = useState<SecretValues>({});
  const [reason, setReason] = useState("");
  const [running, setRunning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<{ passed: number; failed: number } | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [open, setOpen] = useState<Set<string>>(new Set());
  const risky = useRiskyCalls(collection.calls);
  const approval = usePreapproval(collection.id);
  const collectionId = collection.id;
  const base = `/api/collections/${encodeURIComponent(collectionId)}`;

  const refresh = useCallback(async () => {
    setCollection((await api("GET /api/collections/:collectionId", { params: { collectionId } })).collection);
  }, [collectionId]);

  /** `all`: Run all, which ends with a summary of passes and failures. */
  const run = async (ids: string[], all: boolean): Promise<void> => {
    setError(null);
    setSummary(null);
    const totals = { passed: 0, failed: 0 };
    try {
      // One call at a time, so each result shows as it arrives.
      for (const id of ids) {
        setRunning(id);
        const report = await api("POST /api/collections/:collectionId/run", {
          params: { collectionId },
          body: { only: [id], secrets: { [id]: secrets[id] ?? {} }, ...(reason.trim() ? { reason: reason.trim() } : {}) },
        });
        totals.passed += report.totals.passed;
        totals.failed += report.totals.failed;
        setOpen((current) => new Set(current).add(id));
        await refresh();
      }
      if (all) setSummary(totals);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setRunning(null);
    }
  };

  /** Asks first when a tool may destroy data or reach out, as the form does. */
  const start = (ids: string[], all: boolean): void => {
    const reasons = ids.flatMap((id) => {
      const why = risky.get(id);
      const call = collection.calls.find((c) => c.id === id);
      return why && call && !approval.covers(call) ? [{ name: call.name, reason: why }] : [];
    });
    if (reasons.length) setConfirm({ ids, all, reasons });
    else void run(ids, all);
  };

  const change = async (body: Record<string, unknown>): Promise<void> => {
    setError(null);
    try {
      const { collection: next } = await api("PUT /api/collections/:collectionId", { params: { collectionId }, body });
      setCollection(next);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  const order = collection.calls.map((c) => c.id);
  const move = (index: number, by: number): void => {
    const next = [...order];
    const [id] = next.splice(index, 1);
    next.splice(index + by, 0, id!);
    void change({ savedCallIds: next });
  };
  const remove = async (): Promise<void> => {
    if (!window.confirm(`Delete the collection “${collection.name}”? Its saved calls stay saved.`)) return;
    await api("DELETE /api/collections/:collectionId", { params: { collectionId } }).then(
      () => router.push("/saved"),
      (e: unknown) => setError(e instanceof ApiError ? e.message : String(e)),
    );
  };
  const needSecrets = collection.calls.some((c) => missingSecrets(c, secrets).length > 0);

  return (
    <div className="mx-auto max-w-5xl px-4 sm:px-8 py-6" data-testid="collection-view">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-[16rem] flex-1">
          <p className="text-xs text-muted">
            <Link href="/saved" className="hover:underline">
              Saved
            </Link>{" "}
            / collection
          </p>
          <h1 className="text-lg font-semibold tracking-tight" data-testid="collection-name">
            {collection.name}
          </h1>
          <p className="mt-0.5 text-[12px] text-muted">
            {collection.calls.length} call{collection.calls.length === 1 ? "" : "s"} ·{" "}
            {collection.visibility === "shared" ? "shared" : "private"} · by {collection.ownerName}
            {collection.hiddenCalls > 0 && ` · ${collection.hiddenCalls} more you may not see`}
          </p>
          {collection.description && <p className="mt-1 text-[13px] text-zinc-600 dark:text-zinc-300">{collection.description}</p>}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <CopyLink className={BUTTON_SECONDARY} />
          <Link href={`/saved/collections/${collection.id}/present`} className={BUTTON_SECONDARY} data-testid="collection-present">
            Present
          </Link>
          <a href={`${base}/export`} className={BUTTON_SECONDARY} data-testid="collection-export">
            Export
          </a>
          {collection.mine && (
            <Button className={BUTTON_SECONDARY} onPress={() => void remove()} data-testid="collection-delete">
              Delete
            </Button>
          )}
          {mayCall && (
            <Button
              className={BUTTON_PRIMARY}
              isDisabled={running !== null || collection.calls.length === 0}
              onPress={() => start(order, true)}
              data-testid="collection-run-all"
              title={needSecrets ? "Some calls need secret values: those without will not be sent" : "Run every call in order"}
            >
              {running ? "Running…" : "Run all"}
            </Button>
          )}
        </div>
      </div>

      {mayCall && (
        <div className="mt-4 space-y-3">
          <SecretValuesForm calls={collection.calls} values={secrets} onChange={setSecrets} />
          <label className="flex items-center gap-2 text-xs text-muted">
            Reason
            <input
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder="Recorded with each call in the audit log (some servers' policies ask for one)"
              className={`${INPUT} !py-1 !text-[12px]`}
              data-testid="collection-reason"
            />
          </label>
          <PreapproveToggle collectionId={collection.id} calls={collection.calls} risky={risky} approval={approval} />
        </div>
      )}
      {summary && (
        <p
          role="status"
          data-testid="collection-summary"
          className={`mt-4 rounded-md border p-2.5 text-[13px] font-medium ${summary.failed ? "border-rose-200 bg-rose-50 text-rose-700 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-300" : "border-emerald-200 bg-emerald-50 text-emerald-700 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-300"}`}
        >
          {summary.passed} passed · {summary.failed} failed
        </p>
      )}
      {error && (
        <p role="alert" className={`${ERROR_NOTE} mt-4`} data-testid="collection-error">
          {error}
        </p>
      )}

      {collection.calls.length === 0 ? (
        <p className="mt-10 text-center text-sm text-muted">
          No calls yet. Save one from a tool&apos;s form (Save, next to Run) and pick this collection.
        </p>
      ) : (
        <ol className="mt-5 space-y-3">
          {collection.calls.map((call, index) => (
            <CallCard
              key={call.id}
              call={call}
              index={index}
              last={index === collection.calls.length - 1}
              open={open.has(call.id)}
              onToggle={() =>
                setOpen((current) => {
                  const next = new Set(current);
                  if (!next.delete(call.id)) next.add(call.id);
                  return next;
                })
              }
              running={running === call.id}
              busy={running !== null}
              mayCall={mayCall}
              mayEdit={collection.mine}
              onRun={() => start([call.id], false)}
              onMove={(by) => move(index, by)}
              onRemove={() => void change({ savedCallIds: order.filter((id) => id !== call.id) })}
            />
          ))}
        </ol>
      )}

      {confirm && (
        <ModalDialog
          role="alertdialog"
          title={`Run ${confirm.ids.length === 1 ? "this call" : `${confirm.ids.length} calls`}?`}
          onClose={() => setConfirm(null)}
          testId="confirm-dialog"
          width="w-[520px]"
        >
          <ul className="mt-2 space-y-1 text-[13px] text-amber-700 dark:text-amber-400">
            {confirm.reasons.map((r) => (
              <li key={r.name}>
                <span className="font-medium">{r.name}</span>: {r.reason}
              </li>
            ))}
          </ul>
          <div className="mt-4 flex justify-end gap-2">
            <Button className={BUTTON_SECONDARY} onPress={() => setConfirm(null)} data-testid="confirm-cancel">
              Cancel
            </Button>
            <Button
              autoFocus
              className={BUTTON_PRIMARY}
              data-testid="confirm-run"
              onPress={() => {
                const { ids, all } = confirm;
                setConfirm(null);
                void run(ids, all);
              }}
            >
              Run
            </Button>
          </div>
        </ModalDialog>
      )}
    </div>
  );
}

function CallCard(props: {
  call: SavedCallView;
  index: number;
  last: boolean;
  open: boolean;
  onToggle: () => void;
  running: boolean;
  busy: boolean;
  mayCall: boolean;
  mayEdit: boolean;
  onRun: () => void;
  onMove: (by: number) => void;
  onRemove: () => void;
}): ReactNode {
  const { call } = props;
  const latest = call.runs[0];
  return (
    <li className="rounded-lg border border-zinc-200 dark:border-zinc-800" data-testid="collection-call" data-name={call.name}>
      <div className="flex flex-wrap items-center gap-3 px-4 py-2.5">
        <span className="w-5 text-right font-mono text-[11px] text-muted">{props.index + 1}</span>
        <Button onPress={props.onToggle} className="min-w-[10rem] flex-1 text-left" aria-expanded={props.open}>
          <span className="block truncate text-[13px] font-medium">{call.name}</span>
          <span className="block truncate text-[11px] text-muted">
            {call.kind !== "call" && `${SAVED_KIND_LABELS[call.kind]}: `}
            <code className="font-mono">{call.toolName}</code> on {call.serverId}
            {call.checks.length > 0 && ` · ${call.checks.map(describeCheck).join(" · ")}`}
          </span>
        </Button>
        <RunBadge run={latest} testId="call-status" />
        {latest?.durationMs !== null && latest?.durationMs !== undefined && (
          <span className="font-mono text-[11px] text-muted">{latest.durationMs} ms</span>
        )}
        <Link
          href={`/saved/calls/${call.id}`}
          className="text-[11px] text-indigo-600 hover:underline dark:text-indigo-400"
          data-testid="collection-call-open"
        >
          Open
        </Link>
        {props.mayEdit && (
          <span className="flex gap-1">
            <Button className={SMALL} isDisabled={props.index === 0} onPress={() => props.onMove(-1)} aria-label={`Move ${call.name} up`}>
              ↑
            </Button>
            <Button className={SMALL} isDisabled={props.last} onPress={() => props.onMove(1)} aria-label={`Move ${call.name} down`}>
              ↓
            </Button>
            <Button className={SMALL} onPress={props.onRemove} aria-label={`Remove ${call.name} from the collection`}>
              ✕
            </Button>
          </span>
        )}
        {props.mayCall && (
          <Button className={SMALL} isDisabled={props.busy} onPress={props.onRun} data-testid="collection-call-run">
            {props.running ? "Running…" : "Run"}
          </Button>
        )}
      </div>
      {props.open && latest && (
        <div className="border-t border-zinc-200 p-4 dark:border-zinc-800">
          <RunCompare runs={call.runs} serverId={call.serverId} kind={call.kind} />
        </div>
      )}
    </li>
  );
}
