// The audit log's filters as queries: the structured ones (server, tool, actor, outcome, time)
// that a plain listing and both text searches share, the cursor, and a text search by scanning.
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from "kysely";
import type { Database } from "../db/schema";
import type { ShownOutcome } from "../domain/outcomes";
import { RECORD_COLUMNS, idTimePrefix, qualified, type AuditRecord, type RecordColumn } from "./records";
import { INVOCATION_KINDS } from "@/lib/domain/invocation-kinds";

export type AuditFilters = {
  serverId?: string;
  toolName?: string;
  /** As the list shows it (lib/domain/outcomes.ts shownOutcome): "ok" is a success whose result matches its outputSchema. */
  outcome?: ShownOutcome;
  actor?: string;
  /** The person (their user id, migration 0009). */
  actorId?: string;
  /** Servers whose records are left out (those the reader may not use). */
  excludeServerIds?: readonly string[];
  /** "call", or an event's kind (lib/audit/events.ts); "event" for every event. */
  kind?: string;
  /** Where calls were made from (lib/domain/audit-via.ts): "app" or "saved" for all of that kind, else exactly. */
  via?: string;
  /** ISO times or epoch ms: started at or after `from`, before `to`. */
  from?: number;
  to?: number;
  /** Text to find in the arguments, the result or the error message (case-insensitive). */
  q?: string;
};

export type ListInvocations = AuditFilters & { limit?: number; before?: string };

/** A listing with text to find. */
export type TextQuery = ListInvocations & { q: string };

/** A text search over one kind of database. */
export type TextSearch = {
  /** The newest `limit` records that pass the filters and contain the text. */
  list(query: TextQuery, limit: number): Promise<AuditRecord[]>;
  /** Indexes the records completed since the last batch, soon (when the database keeps a batched index). */
  scheduleIndexing(): void;
  /** Brings the index up to date now (when the database keeps a batched index). */
  catchUp(): Promise<void>;
};

/** The records that pass some filters, as a query that can take more conditions. */
export type RecordQuery = SelectQueryBuilder<Database, "audit_log", AuditRecord>;

/**
 * The equality filters in the order SQLite walks their indexes, most selective first as audit
 * logs go (a tool belongs to a server, a few outcomes cover every call). Migration 0006's
 * indexes carry the other filters' columns, so whichever is walked checks the rest on the
 * index entry; left to itself, SQLite (without statistics) may walk the outcome index instead.
 */
export const WALK_ORDER = [
  ["toolName", "audit_log.tool_name"],
  ["serverId", "audit_log.server_id"],
  ["actorId", "audit_log.actor_id"],
  ["actor", "audit_log.actor"],
  ["outcome", "audit_log.outcome"],
] as const;

export function likePattern(text: string, lowerCase = true): string {
  return `%${(lowerCase ? text.toLowerCase() : text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A text search that reads every candidate record (LIKE '%text%' over the three columns). */
export function scanningFor(text: string): RawBuilder<boolean> {
  const pattern = likePattern(text);
  return sql<boolean>`(lower(audit_log.arguments) like ${pattern} escape '\\' or lower(coalesce(audit_log.result, '')) like ${pattern} escape '\\' or lower(coalesce(audit_log.error_message, '')) like ${pattern} escape '\\')`;
}

/** The filters of one database, as queries. */
export class RecordFilters {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly isPostgres: boolean,
    /** The record columns to read (records.ts's recordColumns). */
    readonly columns: readonly RecordColumn[] = RECORD_COLUMNS,
  ) {
    this.selected = qualified(columns);
  }

  private readonly selected: `audit_log.${RecordColumn}`[];

  /** The records that pass the structured filters (all but the text). */
  structured(filters: AuditFilters, on: Kysely<Database> = this.db): RecordQuery {
    let q = on.selectFrom("audit_log").select(this.selected) as unknown as RecordQuery;
    let walked = false;
    // A result that fails its outputSchema is stored as ok, with the check's verdict beside it.
    const stored = { ...filters, outcome: filters.outcome === "output_mismatch" ? "ok" : filters.outcome };
    if (filters.outcome === "output_mismatch") q = q.where("audit_log.output_verdict", "=", "invalid");
    if (filters.outcome === "ok")
      q = q.where((eb) => eb.or([eb("audit_log.output_verdict", "is", null), eb("audit_log.output_verdict", "!=", "invalid")]));
    for (const [filter, column] of WALK_ORDER) {
      const value = stored[filter];
      if (!value) continue;
      // SQLite's unary + keeps a column's index out of the plan; the walked index still checks it.
      const steered = this.isPostgres || !walked ? sql.ref(column) : sql<string>`+${sql.ref(column)}`;
      q = q.where(steered, "=", value);
      walked = true;
    }
    if (filters.excludeServerIds?.length) q = q.where("audit_log.server_id", "not in", [...filters.excludeServerIds]);
    if (filters.kind === "event") q = q.where("audit_log.kind", "not in", [...INVOCATION_KINDS]);
    else if (filters.kind) q = q.where("audit_log.kind", "=", filters.kind);
    // Through migration 0015's index of the records that have a via, newest first. (A prefix, not
    // a range: PostgreSQL's collation may order ':' and ';' by other rules than their code points.)
    if (filters.via) q = q.where("audit_log.via", "is not", null);
    if (filters.via === "app" || filters.via === "saved" || filters.via === "agent")
      q = q.where("audit_log.via", "like", `${filters.via}:%`);
    else if (filters.via) q = q.where("audit_log.via", "=", filters.via);
    if (filters.from !== undefined) q = q.where("audit_log.id", ">=", idTimePrefix(filters.from));
    if (filters.to !== undefined) q = q.where("audit_log.id", "<", idTimePrefix(filters.to));
    return q;
  }

  /** The filters' records, newest first: through the indexes for everything but the text. */
  scoped(query: ListInvocations, on: Kysely<Database> = this.db): RecordQuery {
    return query.before ? this.structured(query, on).where("audit_log.id", "<", query.before) : this.structured(query, on);
  }

  /** The first `limit` of the filters' records, newest first (a page of a listing without text). */
  newest(query: ListInvocations, limit: number): RecordQuery {
    return this.scoped(query).orderBy("audit_log.id", "desc").limit(limit);
  }
}
