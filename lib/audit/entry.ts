// One audit record as readers get it: its JSON columns parsed, its numbers numbers (PostgreSQL
// hands bigints back as strings). Pure: the audit pages' components use its type.
import type { AuditRecord } from "./records";

export type AuditEntry = Omit<AuditRecord, "arguments" | "result" | "request_meta" | "result_truncated"> & {
  arguments: unknown;
  result: unknown;
  request_meta: unknown;
  result_truncated: boolean;
  /** The call's arguments, result and _meta are withheld from this reader (lib/audit/visibility.ts). */
  payload_hidden?: true;
};

function parse(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
}

export function toEntry(record: AuditRecord): AuditEntry {
  return {
    ...record,
    duration_ms: record.duration_ms === null ? null : Number(record.duration_ms),
    error_code: record.error_code === null ? null : Number(record.error_code),
    result_size: record.result_size === null ? null : Number(record.result_size),
    chain_seq: record.chain_seq === null ? null : Number(record.chain_seq),
    arguments: parse(record.arguments),
    result: parse(record.result),
    request_meta: parse(record.request_meta),
    result_truncated: Number(record.result_truncated) === 1,
  };
}
