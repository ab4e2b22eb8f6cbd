import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { AuditDetail } from "@/components/audit/audit-detail";
import { AuditFilters } from "@/components/audit/audit-filters";
import { AuditTable } from "@/components/audit/audit-table";
import { VerifyChain } from "@/components/audit/verify-chain";
import type { AuditEntry } from "@/lib/audit/entry";
import { auditPeople, getAuditEntry, listAudit } from "@/lib/audit/query";
import { auditReaderFor } from "@/lib/mcp/server-access";
import { pageCaller } from "@/lib/http/page-caller";
import { can } from "@/lib/domain/roles";
import { AuditListSchema, storeFilters } from "@/lib/audit/query-schema";
import { auditQueryString, type AuditFilterValues } from "@/lib/domain/audit-query-string";
import { describeIssues } from "@/lib/http/zod-issues";
import { listServerSnapshots } from "@/lib/mcp/servers";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit log" };

type Search = Record<string, string | string[] | undefined>;

const FILTER_KEYS = ["q", "server", "tool", "outcome", "actor", "person", "kind", "via", "from", "to"] as const;

export default async function AuditPage({ searchParams }: { searchParams: Promise<Search> }): Promise<ReactNode> {
  const raw = await searchParams;
  const single = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const values = Object.fromEntries(FILTER_KEYS.map((k) => [k, single[k] ?? ""])) as AuditFilterValues;
  const parsed = AuditListSchema.safeParse({ ...single, limit: 100 });
  const query = auditQueryString(values);
  // ?selected= from a row, ?focus= from a result's audit link.
  const selectedId = [single.selected, single.focus].find((id) => id !== undefined && /^[0-9a-z]+$/.test(id));

  const caller = await pageCaller();
  const reader = await auditReaderFor(caller);
  const [page, servers, selected, people] = await Promise.all([
    parsed.success ? listAudit({ ...storeFilters(parsed.data), limit: 100, cursor: parsed.data.cursor }, reader) : null,
    listServerSnapshots(caller).then((s) => s.map((x) => x.id)),
    selectedId
      ? getAuditEntry(selectedId, reader).then(
          (r): AuditEntry | null => r.record,
          () => null,
        )
      : null,
    auditPeople(),
  ]);
  const filtered = FILTER_KEYS.some((k) => values[k]);

  return (
    <div className="flex h-full min-h-0">
      <div className="min-w-0 flex-1 overflow-y-auto">
        <div className="mx-auto max-w-6xl px-4 sm:px-8 py-6">
          <div className="flex flex-wrap items-start gap-3">
            <div className="min-w-[16rem] flex-1">
              <h1 className="text-lg font-semibold tracking-tight">Audit log</h1>
              <p className="mt-1 text-sm text-muted">
                Every tool call made through Toolscope, and who signed in or changed people, tokens and servers, newest first; a call is
                written before it is sent. Secrets are redacted before storage; each record is chained to the one before it by its hash.
              </p>
            </div>
            <VerifyChain />
            <div className="flex items-center gap-1 text-xs">
              <span className="text-muted">Export{filtered ? " these" : ""}:</span>
              <a
                href={`/api/audit/export${auditQueryString(values, { format: "jsonl" })}`}
                className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
                data-testid="audit-export-jsonl"
              >
                JSONL
              </a>
              <span className="text-muted">·</span>
              <a
                href={`/api/audit/export${auditQueryString(values, { format: "csv" })}`}
                className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
                data-testid="audit-export-csv"
              >
                CSV
              </a>
            </div>
          </div>
          <AuditFilters key={query} initial={values} servers={servers} people={people} />
          {!parsed.success ? (
            <p role="alert" className="mt-6 text-sm text-rose-600">
              These filters are not valid: {describeIssues(parsed.error)}
            </p>
          ) : page && page.records.length === 0 ? (
            <p className="mt-10 text-center text-sm text-muted" data-testid="audit-empty">
              {filtered || parsed.data.cursor ? "No call matches these filters." : "No tool has been called yet."}
            </p>
          ) : (
            page && (
              <>
                <AuditTable records={page.records} selected={selected?.id} query={query} />
                <div className="mt-4 flex gap-4 text-sm">
                  {parsed.data.cursor && (
                    <Link href={`/audit${query}`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                      ← Newest
                    </Link>
                  )}
                  {page.nextCursor && (
                    <Link
                      href={`/audit${auditQueryString(values, { cursor: page.nextCursor })}`}
                      className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
                      data-testid="audit-older"
                    >
                      Older entries →
                    </Link>
                  )}
                </div>
              </>
            )
          )}
        </div>
      </div>
      {selected && (
        // Beside the list from 1024 px; over it below that, the whole width of the screen.
        <aside className="shrink-0 overflow-y-auto border-l border-zinc-200 bg-white max-lg:fixed max-lg:inset-x-0 max-lg:top-11 max-lg:bottom-0 max-lg:z-30 max-lg:border-l-0 lg:w-[520px] dark:border-zinc-800 dark:bg-zinc-950">
          <AuditDetail
            record={selected}
            canSave={can(caller, "tools:call")}
            closeHref={`/audit${auditQueryString(values, parsed.success && parsed.data.cursor ? { cursor: parsed.data.cursor } : {})}`}
          />
        </aside>
      )}
    </div>
  );
}
