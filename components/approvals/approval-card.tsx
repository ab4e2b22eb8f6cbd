"use client";

// One agent call waiting for a person: who asks (the person and their agent), which tool on which
// server and how risky it is, why it waits, the arguments, what changed in the tool's definition if
// that is why, and the time left. An approver approves it, denies it with a reason, or edits the
// arguments in the tool's own form (checked against its schema) and approves those.
import { Button } from "@/components/ui/button";
import { useState, type ReactNode } from "react";
import type { ApprovalView } from "@/lib/domain/approvals";
import { DENY_REASON_MAX } from "@/lib/domain/approvals";
import type { Tool } from "@/lib/domain/mcp-types";
import { BUTTON_PRIMARY, BUTTON_SECONDARY, ERROR_NOTE, INPUT } from "@/components/ui/classes";
import { JsonView } from "@/components/ui/json-view";
import { Change } from "@/components/pins/definition-changes";
import { ToolForm } from "@/components/invoke/tool-form";
import { setServerTrust } from "@/components/catalog/trust-toggle";
import { useNow } from "@/components/ui/use-now";

export type Decide = (
  id: string,
  decision: { decision: "approve"; arguments?: Record<string, unknown> } | { decision: "deny"; reason?: string },
) => Promise<void>;

/**
 * How long many MCP clients wait for a call's answer before they give up on it (the SDK's own
 * default is 60 s, and progress notifications do not always reset it). A call waited on longer
 * may have no agent at the other end; if the agent cancels, the card goes.
 */
const COMMON_CLIENT_TIMEOUT_S = 60;

function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function approverWords(approval: ApprovalView): string {
  const { roles, people, self } = approval.approvers;
  const parts = [...roles.map((r) => (r === "admin" ? "admins" : "operators")), ...people, ...(self ? [approval.person.name] : [])];
  return parts.length ? parts.join(", ") : "nobody (the policy names no approver)";
}

const RISK_CLASS = "rounded border px-1.5 py-px text-[11px] font-medium";

export function ApprovalCard({ approval, onDecide }: { approval: ApprovalView; onDecide: Decide }): ReactNode {
  const now = useNow(1_000);
  const left = Math.max(0, Math.round((Date.parse(approval.expiresAt) - now) / 1000));
  const waited = Math.max(0, Math.round((now - Date.parse(approval.createdAt)) / 1000));
  const [mode, setMode] = useState<"view" | "edit" | "deny">("view");
  const [edited, setEdited] = useState<Record<string, unknown>>(approval.arguments);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = `approval-${approval.id}-title`;

  const decide = async (decision: Parameters<Decide>[1]): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await onDecide(approval.id, decision);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const tool: Tool | null = approval.inputSchema ? ({ name: approval.toolName, inputSchema: approval.inputSchema } as Tool) : null;

  return (
    <li
      id={`approval-${approval.id}`}
      aria-labelledby={headingId}
      className="rounded-xl border border-amber-300 bg-white p-4 shadow-sm dark:border-amber-800 dark:bg-zinc-950"
      data-testid="approval-card"
      data-tool={approval.toolName}
      data-approval-id={approval.id}
    >
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <h2 id={headingId} className="min-w-0 flex-1 text-sm">
          <span className="font-semibold">{approval.person.name}</span>
          <span className="text-muted">’s agent </span>
          <span className="font-mono text-[12px]">{approval.client}</span>
          <span className="text-muted"> wants to call </span>
          <span className="font-semibold">{approval.toolTitle ?? approval.toolName}</span>
          {approval.toolTitle && <span className="font-mono text-[12px] text-muted"> ({approval.toolName})</span>}
          <span className="text-muted"> on </span>
          <span className="font-semibold">{approval.serverName}</span>
        </h2>
        <p className="shrink-0 font-mono text-xs tabular-nums text-amber-800 dark:text-amber-300" data-testid="approval-time-left">
          <span className="sr-only">Time left: </span>
          {left > 0 ? clock(left) : "timing out"}
        </p>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
        {approval.risk.map((risk) => (
          <span
            key={risk}
            className={`${RISK_CLASS} ${risk === "destructive" ? "border-rose-300 text-rose-700 dark:border-rose-800 dark:text-rose-300" : "border-sky-300 text-sky-700 dark:border-sky-800 dark:text-sky-300"}`}
          >
            {risk}
          </span>
        ))}
        <span className="text-muted">{approval.because}</span>
      </div>
      {!approval.trust.trusted && (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-xs" data-testid="approval-trust">
          <p className="min-w-0 flex-1">
            {approval.trust.declared.length > 0 ? (
              <>
                {approval.toolName} says it is <strong>{approval.trust.declared.join(", ")}</strong>, but {approval.serverName} is not
                trusted, so Toolscope does not believe it.
              </>
            ) : (
              <>
                {approval.serverName} is not trusted, and {approval.toolName} says nothing of itself: it counts as destructive and
                open-world.
              </>
            )}
          </p>
          {approval.trust.canTrust && (
            <Button
              className={BUTTON_SECONDARY}
              isDisabled={busy}
              data-testid="approval-trust-server"
              onPress={() =>
                void (async () => {
                  setBusy(true);
                  setError(null);
                  try {
                    await setServerTrust(approval.serverId, true);
                    if (approval.mayDecide) await onDecide(approval.id, { decision: "approve" });
                  } catch (e) {
                    setError(e instanceof Error ? e.message : String(e));
                  } finally {
                    setBusy(false);
                  }
                })()
              }
            >
              {approval.mayDecide ? `Trust ${approval.serverName} and approve` : `Trust ${approval.serverName}`}
            </Button>
          )}
        </div>
      )}
      {waited >= COMMON_CLIENT_TIMEOUT_S && (
        <p className="mt-1 text-xs text-muted" data-testid="approval-client-timeout">
          Waiting for {clock(waited)}. Many agents give up on a call after a minute; if this one does, this card goes away.
        </p>
      )}
      {approval.definitionChanges && approval.definitionChanges.length > 0 && (
        <section
          className="mt-3 rounded-md border border-zinc-200 p-2 dark:border-zinc-800"
          aria-label="What changed in the tool's definition"
        >
          <h3 className="text-xs font-semibold">What changed in the tool since it was approved</h3>
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-900">
            {approval.definitionChanges.map((change) => (
              <Change key={change.path} change={change} />
            ))}
          </ul>
        </section>
      )}
      {mode !== "edit" && (
        <div className="mt-3" data-testid="approval-arguments">
          <h3 className="text-xs font-semibold">Arguments</h3>
          <div className="mt-1 max-h-64 overflow-auto rounded-md bg-zinc-50 p-2 text-[12px] dark:bg-zinc-900">
            <JsonView value={approval.arguments} />
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className={`${ERROR_NOTE} mt-3`} data-testid="approval-error">
          {error}
        </p>
      )}
      {!approval.mayDecide ? (
        <p className="mt-3 text-xs text-muted">Waiting for {approverWords(approval)}.</p>
      ) : mode === "edit" && tool ? (
        <div className="mt-3" data-testid="approval-edit">
          <h3 className="mb-2 text-xs font-semibold">Edit the arguments, then approve</h3>
          <ToolForm
            tool={tool}
            value={edited}
            onChange={setEdited}
            onSubmit={(value) => void decide({ decision: "approve", arguments: value })}
            running={busy}
            submitLabel={{ idle: "Approve with these arguments", busy: "Approving…" }}
            keepsRedacted
            actions={
              <Button className={BUTTON_SECONDARY} onPress={() => setMode("view")} isDisabled={busy}>
                Cancel
              </Button>
            }
          />
        </div>
      ) : mode === "deny" ? (
        <form
          className="mt-3 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void decide({ decision: "deny", reason: reason.trim() || undefined });
          }}
        >
          <label className="min-w-[14rem] flex-1 text-xs">
            <span className="font-semibold">Why not?</span> <span className="text-muted">(the agent is told)</span>
            <input
              className={`${INPUT} mt-1`}
              value={reason}
              maxLength={DENY_REASON_MAX}
              onChange={(e) => setReason(e.target.value)}
              autoFocus
              data-testid="approval-deny-reason"
            />
          </label>
          <Button
            type="submit"
            className={`${BUTTON_PRIMARY} bg-rose-600 hover:bg-rose-500`}
            isDisabled={busy}
            data-testid="approval-deny-confirm"
          >
            {busy ? "Denying…" : "Deny"}
          </Button>
          <Button className={BUTTON_SECONDARY} onPress={() => setMode("view")} isDisabled={busy}>
            Cancel
          </Button>
        </form>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            className={BUTTON_PRIMARY}
            isDisabled={busy}
            onPress={() => void decide({ decision: "approve" })}
            data-testid="approval-approve"
          >
            {busy ? "Approving…" : "Approve"}
          </Button>
          {tool && (
            <Button className={BUTTON_SECONDARY} isDisabled={busy} onPress={() => setMode("edit")} data-testid="approval-edit-button">
              Edit arguments…
            </Button>
          )}
          <Button className={BUTTON_SECONDARY} isDisabled={busy} onPress={() => setMode("deny")} data-testid="approval-deny">
            Deny…
          </Button>
        </div>
      )}
    </li>
  );
}
