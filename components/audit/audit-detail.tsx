// One audit record in full: who, when, where, the request as sent (secrets redacted) and
// the response as received, with replay and the record's place in the hash chain.
import Link from "next/link";
import { recordKindLabel } from "@/lib/domain/audit-event-kinds";
import { AUTH_METHOD_LABELS, type AuthMethod } from "@/lib/domain/roles";
import type { ReactNode } from "react";
import { JsonView } from "@/components/ui/json-view";
import type { AuditEntry } from "@/lib/audit/entry";
import { SaveCallButton } from "@/components/saved/save-call-dialog";
import { OutcomeBadge } from "./outcome-badge";
import { INVOCATION_LABELS, INVOCATION_METHODS, isInvocationKind } from "@/lib/domain/invocation-kinds";
import { ViaSentence } from "./via";

function Row({ label, children }: { label: string; children: ReactNode }): ReactNode {
  return (
    <div className="grid grid-cols-[120px_1fr] gap-2 border-b border-zinc-100 py-1.5 text-[12px] last:border-0 dark:border-zinc-900">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function kib(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`;
}

export function AuditDetail({
  record,
  closeHref,
  canSave = false,
}: {
  record: AuditEntry;
  closeHref: string;
  canSave?: boolean;
}): ReactNode {
  const isCall = record.kind === "call";
  // A tool call, a resource read or a prompt get: a request sent and an answer kept.
  const invocation = isInvocationKind(record.kind) ? record.kind : null;
  const request = {
    jsonrpc: "2.0",
    method: invocation ? INVOCATION_METHODS[invocation] : "tools/call",
    params:
      invocation === "resource_read"
        ? record.arguments
        : invocation === "completion"
          ? record.arguments
          : { name: record.tool_name, arguments: record.arguments, ...(record.request_meta ? { _meta: record.request_meta } : {}) },
  };
  // A tool call, a resource read or a prompt get can be saved from its record (a completion cannot).
  const savable = invocation === "completion" ? null : invocation;
  const replayHref = `/servers/${encodeURIComponent(record.server_id)}/tools/${encodeURIComponent(record.tool_name)}?replay=${record.id}`;
  return (
    <section data-testid="audit-detail" aria-label="Audit record" className="px-5 py-5">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-mono text-sm font-semibold">{invocation ? record.tool_name : recordKindLabel(record.kind)}</h2>
          <p className="text-xs text-muted">
            {invocation ? (
              <>
                {isCall ? "" : `${INVOCATION_LABELS[invocation]} `}on {record.server_id} ·{" "}
                <OutcomeBadge outcome={record.outcome} code={record.error_code} outputVerdict={record.output_verdict} />
              </>
            ) : (
              "account and administration event"
            )}
          </p>
        </div>
        {isCall && (
          <Link
            href={`/audit/${record.id}`}
            data-testid="audit-share"
            title="A read-only page of this record, to share with people who may read it"
            className="rounded-md border border-zinc-300 px-2.5 py-1 text-xs hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
          >
            Open page
          </Link>
        )}
        {savable && canSave && !record.payload_hidden && typeof record.arguments === "object" && record.arguments !== null && (
          <SaveCallButton
            className="rounded-md border border-zinc-300 px-2.5 py-1 text-xs hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
            label="Save"
            call={{
              serverId: record.server_id,
              kind: savable,
              toolName: record.tool_name,
              args: record.arguments as Record<string, unknown>,
              suggestedName: record.tool_name,
              hasOutputSchema: isCall,
            }}
          />
        )}
        {isCall && !record.payload_hidden && (
          <Link
            href={replayHref}
            data-testid="audit-replay"
            className="rounded-md bg-indigo-600 px-2.5 py-1 text-xs font-medium text-white hover:bg-indigo-700"
          >
            Replay
          </Link>
        )}
        <Link
          href={closeHref}
          scroll={false}
          aria-label="Close"
          className="rounded px-1.5 text-muted hover:text-zinc-900 dark:hover:text-zinc-100"
        >
          ✕
        </Link>
      </div>
      {record.error_message && (
        <p className="mt-3 rounded-md border border-rose-200 bg-rose-50 p-2 text-[12px] text-rose-700 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-300">
          {record.error_message}
        </p>
      )}
      <dl className="mt-3">
        <Row label="Record">
          <code className="font-mono">{record.id}</code>
        </Row>
        <Row label="Started">{record.started_at}</Row>
        <Row label="Ended">{record.ended_at ?? "—"}</Row>
        <Row label="Duration">{record.duration_ms === null ? "—" : `${record.duration_ms} ms`}</Row>
        <Row label="Actor">
          <span data-testid="audit-detail-actor">{record.actor}</span>
          {record.client_ip && <span className="text-muted"> from {record.client_ip}</span>}
        </Row>
        {record.auth_method && (
          <Row label="Signed in by">
            {AUTH_METHOD_LABELS[record.auth_method as AuthMethod] ?? record.auth_method}
            {record.token_name && <span className="text-muted"> (token “{record.token_name}”)</span>}
          </Row>
        )}
        {!invocation && <Row label="Event">{recordKindLabel(record.kind)}</Row>}
        {record.via && (
          <Row label="Made from">
            <ViaSentence via={record.via} />
          </Row>
        )}
        {record.reason && (
          <Row label="Reason">
            <span data-testid="audit-detail-reason" className="whitespace-pre-wrap">
              {record.reason}
            </span>
          </Row>
        )}
        {record.server_id && (
          <Row label="Server">
            {record.server_id} <span className="font-mono text-muted">{record.server_target}</span>
          </Row>
        )}
        {invocation && <Row label="Revision">{record.protocol_version ?? "—"}</Row>}
        {isCall && <Row label="Output schema">{record.output_verdict ?? "—"}</Row>}
        <Row label="Chain">
          {record.chain_seq === null ? (
            "not chained yet (pending)"
          ) : (
            <span className="font-mono text-[11px]" title={record.prev_hash ? `previous ${record.prev_hash}` : undefined}>
              #{record.chain_seq}
              {record.hash ? ` · ${record.hash.slice(0, 16)}…` : " · hash shown with the payload"}
            </span>
          )}
        </Row>
      </dl>
      {!invocation ? (
        <>
          <h3 className="mt-4 mb-1.5 text-[11px] font-semibold tracking-wide text-muted uppercase">What changed</h3>
          <JsonView value={record.arguments} testId="audit-event-details" />
        </>
      ) : record.payload_hidden ? (
        <p
          data-testid="audit-payload-hidden"
          className="mt-4 rounded-md bg-zinc-50 p-3 text-[12px] text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400"
        >
          The arguments, result and error text of someone else&apos;s call are shown to auditors and admins only.
        </p>
      ) : (
        <>
          <h3 className="mt-4 mb-1.5 text-[11px] font-semibold tracking-wide text-muted uppercase">Request</h3>
          <JsonView value={request} testId="audit-request" />
          <h3 className="mt-4 mb-1.5 text-[11px] font-semibold tracking-wide text-muted uppercase">Response</h3>
          {record.result_truncated ? (
            <p
              className="rounded-md bg-zinc-50 p-3 text-[12px] text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400"
              data-testid="audit-result-omitted"
            >
              The result ({kib(record.result_size ?? 0)}) was larger than the audit log keeps. SHA-256:{" "}
              <code className="font-mono break-all">{record.result_sha256}</code>
            </p>
          ) : record.result !== null ? (
            <JsonView value={record.result} testId="audit-response" />
          ) : (
            <p className="text-[12px] text-muted">
              {record.outcome === "pending" ? "Still running." : "No result: the call did not complete."}
            </p>
          )}
        </>
      )}
    </section>
  );
}
