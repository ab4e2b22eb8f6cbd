import "server-only";
// The audit log as the API and the audit page read it: newest first, keyset-paginated.
import { auditStore } from "./index";
import type { AuditRecord } from "./store";

export type AuditEntry = Omit<AuditRecord, "arguments" | "result"> & { arguments: unknown; result: unknown };

function parse(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
}

export function toEntry(record: AuditRecord): AuditEntry {
  return { ...record, arguments: parse(record.arguments), result: parse(record.result) };
}

export async function listAudit(query: {
  limit: number;
  cursor?: string;
  server?: string;
  tool?: string;
}): Promise<{ records: AuditEntry[]; nextCursor: string | null }> {
  const store = await auditStore();
  const records = await store.listInvocations({
    limit: query.limit + 1,
    before: query.cursor,
    serverId: query.server,
    toolName: query.tool,
  });
  const page = records.slice(0, query.limit);
  return { records: page.map(toEntry), nextCursor: records.length > query.limit ? (page.at(-1)?.id ?? null) : null };
}
