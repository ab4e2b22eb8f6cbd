// Two audit records side by side: what differs in their arguments and in their results, path
// by path, then both in full.
import type { ReactNode } from "react";
import { JsonView } from "@/components/ui/json-view";
import type { AuditEntry } from "@/lib/audit/entry";
import { jsonDiff, type JsonChange } from "@/lib/domain/json-diff";
import { OutcomeBadge } from "./outcome-badge";

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

/** A list of differences, path by path (also under a saved call's two latest runs). */
export function JsonChanges({ title, changes, testId }: { title: string; changes: JsonChange[]; testId: string }): ReactNode {
  return (
    <section className="mt-5" data-testid={testId}>
      <h2 className="text-[11px] font-semibold tracking-wide text-muted uppercase">
        {title}: {changes.length === 0 ? "identical" : `${changes.length} difference${changes.length === 1 ? "" : "s"}`}
      </h2>
      {changes.length > 0 && (
        <table className="mt-2 w-full text-left font-mono text-[12px]">
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-900">
            {changes.map((c) => (
              <tr key={`${c.kind}${c.path}`} data-testid="diff-change" data-kind={c.kind}>
                <td className="w-1/4 py-1 pr-3 align-top text-zinc-600 dark:text-zinc-400">{c.path}</td>
                <td className="w-[37%] py-1 pr-3 align-top text-rose-700 dark:text-rose-400">
                  {c.kind === "added" ? "" : `− ${short(c.before)}`}
                </td>
                <td className="py-1 align-top text-emerald-700 dark:text-emerald-400">
                  {c.kind === "removed" ? "" : `+ ${short(c.after)}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Side({ record }: { record: AuditEntry }): ReactNode {
  return (
    <div className="min-w-0">
      <p className="text-[12px]">
        <span className="font-mono font-semibold">{record.tool_name}</span> on {record.server_id} ·{" "}
        <OutcomeBadge outcome={record.outcome} code={record.error_code} outputVerdict={record.output_verdict} />
      </p>
      <p className="font-mono text-[11px] text-muted">
        {record.id} · {record.started_at} · {record.duration_ms ?? "—"} ms
      </p>
      <h3 className="mt-3 mb-1 text-[11px] font-semibold text-muted uppercase">Arguments</h3>
      <JsonView value={record.arguments} />
      <h3 className="mt-3 mb-1 text-[11px] font-semibold text-muted uppercase">Result</h3>
      <JsonView
        value={
          record.result_truncated
            ? { omitted: true, size: record.result_size, sha256: record.result_sha256 }
            : (record.result ?? record.error_message)
        }
      />
    </div>
  );
}

export function AuditDiff({ left, right }: { left: AuditEntry; right: AuditEntry }): ReactNode {
  const resultOf = (r: AuditEntry): unknown =>
    r.result_truncated ? { sha256: r.result_sha256 } : (r.result ?? { error: r.error_message });
  return (
    <div data-testid="audit-diff">
      <JsonChanges title="Arguments" changes={jsonDiff(left.arguments, right.arguments)} testId="diff-arguments" />
      <JsonChanges title="Results" changes={jsonDiff(resultOf(left), resultOf(right))} testId="diff-results" />
      <div className="mt-6 grid grid-cols-2 gap-6">
        <Side record={left} />
        <Side record={right} />
      </div>
    </div>
  );
}
