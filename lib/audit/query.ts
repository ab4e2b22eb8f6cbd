import "server-only";
// The audit log as the API and the audit page read it: newest first, keyset-paginated,
// filtered; one record in full; the chain's verification.
import { database } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { ChainReport } from "./chain";
import { auditStore } from "./index";
import type { AuditEntry } from "./entry";
import type { AuditFilters } from "./store";
import { peopleRows } from "@/lib/db/people";
import { entryFor, mayReadServer, readableFilters, type AuditReader } from "./visibility";

export async function listAudit(
  query: AuditFilters & { limit: number; cursor?: string },
  reader: AuditReader,
): Promise<{ records: AuditEntry[]; nextCursor: string | null }> {
  const store = await auditStore();
  const records = await store.listInvocations({ ...readableFilters(query, reader), limit: query.limit + 1, before: query.cursor });
  const page = records.slice(0, query.limit);
  return { records: page.map((r) => entryFor(r, reader)), nextCursor: records.length > query.limit ? (page.at(-1)?.id ?? null) : null };
}

export async function getAuditEntry(id: string, reader: AuditReader): Promise<{ record: AuditEntry }> {
  const record = await (await auditStore()).getInvocation(id);
  if (!record || !mayReadServer(record, reader)) throw new AppError("not_found:audit", `There is no audit record with id "${id}".`);
  return { record: entryFor(record, reader) };
}

/**
 * The people the log can be filtered by: everyone with an account (a short table; grouping the
 * log by person would read every record on each visit to the audit page).
 */
export async function auditPeople(): Promise<{ id: string; name: string }[]> {
  const db = await database();
  const rows = await peopleRows(db).select(["id", "name"]).orderBy("name").execute();
  return rows.map((row) => ({ id: row.id, name: row.name }));
}

export async function verifyAudit(): Promise<ChainReport> {
  return (await auditStore()).verifyChain();
}
