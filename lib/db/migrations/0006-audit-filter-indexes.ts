// The audit page's filters combine: a server's failed calls, one user's cancelled ones, a tool
// on one server. An index on one column and id finds the newest records of that server, but
// when the second value is rare among them every candidate row had to be read to check it:
// thousands of row reads for "user40's cancelled calls" at a million records (~50-100 ms).
// These indexes carry the other filter columns after id, so the check is made on the index
// entry and only the matches are read (SQLite defers the row read until a column the index
// lacks is needed; PostgreSQL checks them as index conditions). Which index a SQLite query
// walks is chosen by the store (WALK_ORDER in lib/audit/filters.ts): SQLite keeps no
// statistics here, and PostgreSQL's planner has its own.
import type { Kysely } from "kysely";

type IndexSpec = readonly [name: string, columns: string[]];

const FILTER_INDEXES: IndexSpec[] = [
  ["audit_log_tool_filters", ["tool_name", "id", "server_id", "outcome", "actor"]],
  ["audit_log_server_filters", ["server_id", "id", "tool_name", "outcome", "actor"]],
  ["audit_log_actor_filters", ["actor", "id", "outcome"]],
];

/** 0003's indexes that the ones above replace (the outcome index stays: it leads with outcome). */
const REPLACED: IndexSpec[] = [
  ["audit_log_tool_id", ["tool_name", "id"]],
  ["audit_log_server_id", ["server_id", "id"]],
  ["audit_log_actor_id", ["actor", "id"]],
];

async function swap(db: Kysely<unknown>, create: IndexSpec[], drop: IndexSpec[]): Promise<void> {
  for (const [name, columns] of create) await db.schema.createIndex(name).on("audit_log").columns(columns).execute();
  for (const [name] of drop) await db.schema.dropIndex(name).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await swap(db, FILTER_INDEXES, REPLACED);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await swap(db, REPLACED, FILTER_INDEXES);
}
