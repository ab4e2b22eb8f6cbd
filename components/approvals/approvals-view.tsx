"use client";

// The approval queue, live: the agents' calls waiting for a person (oldest first, so the one that
// will time out first is on top), read again every two seconds, and the latest decisions below.
import Link from "next/link";
import { useCallback, useState, type ReactNode } from "react";
import { api } from "@/components/api/client";
import { Cell, DataTable, Row } from "@/components/ui/table";
import { refreshWaiting } from "./waiting-count";
import { APPROVAL_STATUS_LABELS, type ApprovalView } from "@/lib/domain/approvals";

import { usePolling } from "@/components/ui/use-polling";
import { ApprovalCard, type Decide } from "./approval-card";
import { ErrorNote } from "@/components/ui/error-note";

type Queue = { waiting: ApprovalView[]; decided: ApprovalView[] };

const REFRESH_MS = 2_000;

const STATUS_CLASS: Record<ApprovalView["status"], string> = {
  waiting: "text-amber-700 dark:text-amber-400",
  approved: "text-emerald-700 dark:text-emerald-400",
  denied: "text-rose-700 dark:text-rose-400",
  expired: "text-orange-700 dark:text-orange-400",
  cancelled: "text-muted",
};

export function ApprovalsView(): ReactNode {
  const [queue, setQueue] = useState<Queue | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      const answer = await api("GET /api/approvals");
      // The route answers the queue, or only a count with ?count=1 (not asked here): its type is both.
      if ("decided" in answer) setQueue(answer);
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, []);
  // Loading on mount, then every two seconds, and at once when the tab is seen again.
  usePolling(load, REFRESH_MS);

  const decide: Decide = async (id, decision) => {
    await api("POST /api/approvals/:approvalId", { params: { approvalId: id }, body: decision });
    // The header's count, at once rather than at its next look.
    refreshWaiting();
    await load();
    // The decided card is gone, and focus with it: back to the queue's heading, not the page's top.
    document.getElementById("waiting-title")?.focus();
  };

  return (
    <div>
      <ErrorNote message={error} className="mt-4" />
      <section className="mt-6" aria-labelledby="waiting-title">
        <h2 id="waiting-title" tabIndex={-1} className="text-sm font-semibold outline-none">
          Waiting{queue ? ` (${queue.waiting.length})` : ""}
        </h2>
        {queue === null ? (
          <p className="mt-2 text-sm text-muted" role="status">
            Loading…
          </p>
        ) : queue.waiting.length === 0 ? (
          <p className="mt-2 text-sm text-muted" data-testid="approvals-empty">
            No agent&apos;s call is waiting for you. When an agent calls a risky tool through{" "}
            <code className="font-mono text-[12px]">/mcp</code>, it appears here at once.
          </p>
        ) : (
          <ul className="mt-3 space-y-3" aria-live="polite" data-testid="approvals-waiting">
            {queue.waiting.map((approval) => (
              <ApprovalCard key={approval.id} approval={approval} onDecide={decide} />
            ))}
          </ul>
        )}
      </section>
      {queue && queue.decided.length > 0 && (
        <section className="mt-10" aria-labelledby="decided-title">
          <h2 id="decided-title" className="text-sm font-semibold">
            Recently decided
          </h2>
          <div className="mt-2">
            <DataTable
              label="Recently decided calls"
              columns={["Call", "Agent", "Decision", "When", "Record"]}
              minWidth="min-w-[40rem]"
              testId="approvals-decided"
            >
              {queue.decided.map((approval) => (
                <Row
                  key={approval.id}
                  className="border-t border-zinc-100 dark:border-zinc-900"
                  data-testid="approval-decided"
                  data-status={approval.status}
                >
                  <Cell className="py-1.5 pr-3">
                    <span className="font-mono text-[12px]">{approval.toolName}</span>
                    <span className="text-muted"> on {approval.serverName}</span>
                  </Cell>
                  <Cell className="py-1.5 pr-3">
                    {approval.person.name} <span className="font-mono text-[11px] text-muted">{approval.client}</span>
                  </Cell>
                  <Cell className="py-1.5 pr-3">
                    <span className={STATUS_CLASS[approval.status]}>{APPROVAL_STATUS_LABELS[approval.status]}</span>
                    {approval.decidedBy && <span className="text-muted"> by {approval.decidedBy}</span>}
                    {approval.editedArguments && <span className="text-muted"> (arguments edited)</span>}
                    {approval.decisionReason && <span className="block text-xs text-muted">“{approval.decisionReason}”</span>}
                  </Cell>
                  <Cell className="py-1.5 pr-3 text-xs text-muted">
                    <time dateTime={approval.decidedAt ?? approval.createdAt}>
                      {new Date(approval.decidedAt ?? approval.createdAt).toLocaleString()}
                    </time>
                  </Cell>
                  <Cell className="py-1.5 text-xs">
                    {approval.auditId ? (
                      <Link href={`/audit?selected=${approval.auditId}`} className="text-indigo-600 hover:underline dark:text-indigo-400">
                        The call
                      </Link>
                    ) : (
                      <span className="text-muted">not called</span>
                    )}
                  </Cell>
                </Row>
              ))}
            </DataTable>
          </div>
        </section>
      )}
    </div>
  );
}
