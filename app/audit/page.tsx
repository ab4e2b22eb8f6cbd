import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AuditTable } from "@/components/audit/audit-table";
import { listAudit } from "@/lib/audit/query";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<{ cursor?: string; focus?: string }>;
}): Promise<ReactNode> {
  const { cursor, focus } = await searchParams;
  const page = await listAudit({ limit: 100, cursor: cursor && /^[0-9a-z]+$/.test(cursor) ? cursor : undefined });
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-6xl px-8 py-6">
        <h1 className="text-lg font-semibold tracking-tight">Audit log</h1>
        <p className="mt-1 text-sm text-zinc-500">
          Every tool call made through Toolscope, newest first. Secrets in arguments are redacted before they are stored.
        </p>
        <AuditTable records={page.records} focus={focus} />
        {page.nextCursor && (
          <a
            href={`/audit?cursor=${page.nextCursor}`}
            className="mt-4 inline-block text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
          >
            Older entries →
          </a>
        )}
      </div>
    </div>
  );
}
