import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { AuditDiff } from "@/components/audit/audit-diff";
import { getAuditEntry } from "@/lib/audit/query";
import { auditReaderFor } from "@/lib/mcp/server-access";
import { pageCaller } from "@/lib/http/page-caller";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Compare calls" };

export default async function AuditDiffPage({ searchParams }: { searchParams: Promise<{ a?: string; b?: string }> }): Promise<ReactNode> {
  const { a, b } = await searchParams;
  const reader = await auditReaderFor(await pageCaller());
  const load = (id: string | undefined) =>
    id && /^[0-9a-z]+$/.test(id)
      ? getAuditEntry(id, reader).then(
          (r) => r.record,
          () => null,
        )
      : null;
  const [left, right] = await Promise.all([load(a), load(b)]);
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-6xl px-4 sm:px-8 py-6">
        <Link href="/audit" className="text-xs text-muted hover:text-indigo-600">
          ← Audit log
        </Link>
        <h1 className="mt-1 text-lg font-semibold tracking-tight">Compare two calls</h1>
        {left && right ? (
          <AuditDiff left={left} right={right} />
        ) : (
          <p role="alert" className="mt-6 text-sm text-rose-600">
            {`Audit record ${!left ? (a ?? "a") : (b ?? "b")} was not found. Pick two calls on the audit page to compare them.`}
          </p>
        )}
      </div>
    </div>
  );
}
