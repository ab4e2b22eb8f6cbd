// The audit log: one row per tool invocation, written before the call is forwarded.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("started_at", "text", (col) => col.notNull())
    .addColumn("ended_at", "text")
    .addColumn("duration_ms", "integer")
    .addColumn("actor", "text", (col) => col.notNull())
    .addColumn("server_id", "text", (col) => col.notNull())
    .addColumn("server_target", "text", (col) => col.notNull())
    .addColumn("protocol_version", "text")
    .addColumn("tool_name", "text", (col) => col.notNull())
    .addColumn("arguments", "text", (col) => col.notNull())
    .addColumn("outcome", "text", (col) => col.notNull())
    .addColumn("error_code", "integer")
    .addColumn("error_message", "text")
    .addColumn("result", "text")
    .addColumn("output_verdict", "text")
    .execute();
  await db.schema.createIndex("audit_log_started_at").on("audit_log").columns(["started_at", "id"]).execute();
  await db.schema.createIndex("audit_log_server_tool").on("audit_log").columns(["server_id", "tool_name"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
}
