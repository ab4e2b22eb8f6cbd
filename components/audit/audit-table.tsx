import type { ReactNode } from "react";
import type { AuditEntry } from "@/lib/audit/query";

const OUTCOME_TONE: Record<string, string> = {
  ok: "text-emerald-700 dark:text-emerald-400",
  tool_error: "text-amber-700 dark:text-amber-400",
  protocol_error: "text-rose-700 dark:text-rose-400",
  pending: "text-sky-700 dark:text-sky-400",
};

function summary(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

export function AuditTable({ records, focus }: { records: AuditEntry[]; focus?: string }): ReactNode {
  if (records.length === 0) {
    return (
      <p className="mt-10 text-center text-sm text-zinc-500" data-testid="audit-empty">
        No tool has been called yet.
      </p>
    );
  }
  return (
    <div className="mt-6 overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-left text-[13px]" data-testid="audit-table">
        <thead className="bg-zinc-50 text-[11px] tracking-wide text-zinc-500 uppercase dark:bg-zinc-900">
          <tr>
            <th className="px-3 py-2 font-medium">Started</th>
            <th className="px-3 py-2 font-medium">Server</th>
            <th className="px-3 py-2 font-medium">Tool</th>
            <th className="px-3 py-2 font-medium">Outcome</th>
            <th className="px-3 py-2 text-right font-medium">Duration</th>
            <th className="px-3 py-2 font-medium">Arguments</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-900">
          {records.map((r) => (
            <tr
              key={r.id}
              data-testid="audit-row"
              data-audit-id={r.id}
              className={r.id === focus ? "bg-indigo-50 dark:bg-indigo-950/30" : undefined}
            >
              <td className="px-3 py-2 font-mono text-xs whitespace-nowrap text-zinc-500" title={r.id}>
                {r.started_at.replace("T", " ").replace(/\.\d+Z$/, "Z")}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{r.server_id}</td>
              <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{r.tool_name}</td>
              <td
                className={`px-3 py-2 whitespace-nowrap ${OUTCOME_TONE[r.outcome] ?? "text-zinc-600 dark:text-zinc-400"}`}
                data-testid="audit-outcome"
              >
                {r.outcome}
                {r.error_code !== null && ` ${r.error_code}`}
              </td>
              <td className="px-3 py-2 text-right font-mono text-xs whitespace-nowrap text-zinc-500">
                {r.duration_ms === null ? "—" : `${r.duration_ms} ms`}
              </td>
              <td
                className="max-w-md truncate px-3 py-2 font-mono text-xs text-zinc-600 dark:text-zinc-400"
                title={JSON.stringify(r.arguments)}
              >
                {summary(r.arguments)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
