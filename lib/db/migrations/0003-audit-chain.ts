// The audit log grows what an auditor needs: the caller's IP and request _meta, the size and
// SHA-256 of results too large to keep, a hash chain that makes tampering evident, and
// indexes for the audit page's filters (each ends in id, the order pages are read in).
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audit_log").addColumn("client_ip", "text").execute();
  await db.schema.alterTable("audit_log").addColumn("request_meta", "text").execute();
  await db.schema.alterTable("audit_log").addColumn("result_size", "integer").execute();
  await db.schema.alterTable("audit_log").addColumn("result_sha256", "text").execute();
  await db.schema
    .alterTable("audit_log")
    .addColumn("result_truncated", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("audit_log").addColumn("chain_seq", "integer").execute();
  await db.schema.alterTable("audit_log").addColumn("prev_hash", "text").execute();
  await db.schema.alterTable("audit_log").addColumn("hash", "text").execute();
  await db.schema.createIndex("audit_log_chain_seq").unique().on("audit_log").column("chain_seq").execute();
  await db.schema.createIndex("audit_log_server_id").on("audit_log").columns(["server_id", "id"]).execute();
  await db.schema.createIndex("audit_log_tool_id").on("audit_log").columns(["tool_name", "id"]).execute();
  await db.schema.createIndex("audit_log_outcome_id").on("audit_log").columns(["outcome", "id"]).execute();
  await db.schema.createIndex("audit_log_actor_id").on("audit_log").columns(["actor", "id"]).execute();
  // One row: the end of the chain, and where retention cut its beginning off.
  await db.schema
    .createTable("audit_chain")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("head_seq", "integer", (col) => col.notNull())
    .addColumn("head_hash", "text", (col) => col.notNull())
    .addColumn("purged_seq", "integer", (col) => col.notNull())
    .addColumn("purged_hash", "text", (col) => col.notNull())
    .execute();
  const genesis = "0".repeat(64);
  await (db as Kysely<{ audit_chain: { id: number; head_seq: number; head_hash: string; purged_seq: number; purged_hash: string } }>)
    .insertInto("audit_chain")
    .values({ id: 1, head_seq: 0, head_hash: genesis, purged_seq: 0, purged_hash: genesis })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audit_chain").execute();
  for (const index of ["audit_log_chain_seq", "audit_log_server_id", "audit_log_tool_id", "audit_log_outcome_id", "audit_log_actor_id"])
    await db.schema.dropIndex(index).execute();
  for (const column of ["client_ip", "request_meta", "result_size", "result_sha256", "result_truncated", "chain_seq", "prev_hash", "hash"])
    await db.schema.alterTable("audit_log").dropColumn(column).execute();
}
