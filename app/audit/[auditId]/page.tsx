import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { ReadOnlyCallView } from "@/components/saved/read-only-call";
import { ViaSentence } from "@/components/audit/via";
import { AUTH_METHOD_LABELS, type AuthMethod } from "@/lib/domain/roles";
import { responseOfRecord } from "@/lib/audit/as-response";
import type { AuditEntry } from "@/lib/audit/entry";
import { getAuditEntry } from "@/lib/audit/query";
import { auditReaderFor } from "@/lib/mcp/server-access";
import { pageCaller } from "@/lib/http/page-caller";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit record" };

/** One call of the audit log as a read-only page, for a link shared with people who may read the log. */
export default async function AuditRecordPage({ params }: { params: Promise<{ auditId: string }> }): Promise<ReactNode> {
  const { auditId } = await params;
  const reader = await auditReaderFor(await pageCaller());
  const record: AuditEntry | null = await getAuditEntry(auditId, reader).then(
    (r) => r.record,
    () => null,
  );
  if (!record || record.kind !== "call") notFound();
  const response = responseOfRecord(record);
  return (
    <ReadOnlyCallView
      call={{
        title: record.tool_name,
        serverId: record.server_id,
        toolName: record.tool_name,
        arguments: record.payload_hidden ? "(shown to auditors and admins only)" : record.arguments,
        outcome: record.outcome,
        outputVerdict: record.output_verdict,
        who: record.actor_name ?? record.actor,
        when: record.started_at,
        response,
        noResponse: record.payload_hidden
          ? "The arguments and result of someone else's call are shown to auditors and admins only."
          : record.outcome === "pending"
            ? "Still running."
            : (record.error_message ?? "No result: the call did not complete."),
      }}
      actions={
        <Link
          href={`/audit?focus=${record.id}`}
          className="rounded-md border border-zinc-300 px-2.5 py-1 text-xs hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
        >
          In the audit log
        </Link>
      }
    >
      {/* How the call came to be made: through an agent, with whose credential, approved by whom. */}
      {(record.via || record.reason || record.token_name) && (
        <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-[13px]">
          {record.via && (
            <>
              <dt className="text-muted">Made from</dt>
              <dd>
                <ViaSentence via={record.via} />
              </dd>
            </>
          )}
          {record.auth_method && (
            <>
              <dt className="text-muted">Signed in by</dt>
              <dd>
                {AUTH_METHOD_LABELS[record.auth_method as AuthMethod] ?? record.auth_method}
                {record.token_name && <span className="text-muted"> (“{record.token_name}”)</span>}
              </dd>
            </>
          )}
          {record.reason && (
            <>
              <dt className="text-muted">Reason</dt>
              <dd className="whitespace-pre-wrap" data-testid="audit-detail-reason">
                {record.reason}
              </dd>
            </>
          )}
        </dl>
      )}
    </ReadOnlyCallView>
  );
}
