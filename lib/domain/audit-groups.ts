// The audit list, as people read it: the completion lookups one field's typing makes (a record
// each, as every invocation is) shown as one row for that field, newest first. Pure and client-safe.
/** What grouping reads of an audit record (lib/audit/entry.ts's AuditEntry has it). */
export type GroupableRecord = {
  kind: string;
  payload_hidden?: true;
  arguments: unknown;
  server_id: string;
  tool_name: string;
  actor: string;
  started_at: string;
};

export type AuditRow<R extends GroupableRecord> = {
  record: R;
  /** Older lookups of the same field folded under it, newest first. */
  folded: R[];
};

/** Lookups of one field by one person this close together are one person typing into one form. */
export const TYPING_GAP_MS = 2 * 60_000;

function field(record: GroupableRecord): string | null {
  if (record.kind !== "completion" || record.payload_hidden) return null;
  const argument = (record.arguments as { argument?: unknown } | null)?.argument;
  return typeof argument === "string" ? [record.server_id, record.tool_name, argument, record.actor].join("\n") : null;
}

/** Records (newest first) as rows: each run of completion lookups for one field and person folded into its newest. */
export function groupCompletions<R extends GroupableRecord>(records: readonly R[]): AuditRow<R>[] {
  const rows: AuditRow<R>[] = [];
  for (const record of records) {
    const last = rows.at(-1);
    const key = field(record);
    const previous = last ? (last.folded.at(-1) ?? last.record) : undefined;
    if (
      key !== null &&
      last &&
      previous &&
      field(last.record) === key &&
      Date.parse(previous.started_at) - Date.parse(record.started_at) <= TYPING_GAP_MS
    ) {
      last.folded.push(record);
      continue;
    }
    rows.push({ record, folded: [] });
  }
  return rows;
}

/** The values typed, oldest first, as the row's summary shows them. */
export function typedValues(row: AuditRow<GroupableRecord>): string[] {
  return [...row.folded]
    .reverse()
    .concat(row.record)
    .map((r) => {
      const { argument, arguments: values } = (r.arguments ?? {}) as { argument?: string; arguments?: Record<string, unknown> };
      return String(values?.[argument ?? ""] ?? "");
    });
}
