import "server-only";
// The audit log as the API and the audit page read it: newest first, keyset-paginated,
// filtered; one record in full; the chain's verification.
import { AppError } from "@/lib/errors";
import type { ChainReport } from "./chain";
import { auditStore } from "./index";
import type { AuditFilters, AuditRecord } from "./store";

export type AuditEntry = Omit<AuditRecord, "arguments" | "result" | "request_meta" | "result_truncated"> & {
  arguments: unknown;
  result: unknown;
  request_meta: unknown;
  result_truncated: boolean;
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

export async function listAudit(
  query: AuditFilters & { limit: number; cursor?: string },
): Promise<{ records: AuditEntry[]; nextCursor: string | null }> {
  const store = await auditStore();
  const records = await store.listInvocations({ ...query, limit: query.limit + 1, before: query.cursor });
  const page = records.slice(0, query.limit);
  return { records: page.map(toEntry), nextCursor: records.length > query.limit ? (page.at(-1)?.id ?? null) : null };
}

export async function getAuditEntry(id: string): Promise<{ record: AuditEntry }> {
  const record = await (await auditStore()).getInvocation(id);
  if (!record) throw new AppError("not_found:audit", `There is no audit record with id "${id}".`);
  return { record: toEntry(record) };
}

export async function verifyAudit(): Promise<ChainReport> {
  return (await auditStore()).verifyChain();
}
