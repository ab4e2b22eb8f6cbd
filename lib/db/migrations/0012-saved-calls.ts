// Saved calls, collections and their runs (issue 17). Arguments are stored with their secret
// fields left out (lib/domain/saved-secret-fields.ts); a run keeps its outcome and checks and points
// at its audit record, which holds the call's payload under the audit log's own rules.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("saved_calls")
    .addColumn("id", "text", (c) => c.primaryKey())
    // The person who saved it; null: the one user of local mode (or the bootstrap token).
    .addColumn("owner_id", "text")
    .addColumn("owner_name", "text", (c) => c.notNull())
    .addColumn("visibility", "text", (c) => c.notNull())
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("tool_name", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("arguments", "text", (c) => c.notNull())
    // JSON array of the JSON pointers of the secret fields left out.
    .addColumn("secret_fields", "text", (c) => c.notNull())
    .addColumn("checks", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("collections")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("owner_id", "text")
    .addColumn("owner_name", "text", (c) => c.notNull())
    .addColumn("visibility", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("collection_calls")
    .addColumn("collection_id", "text", (c) => c.notNull())
    .addColumn("saved_call_id", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("collection_calls_pk", ["collection_id", "saved_call_id"])
    .execute();
  await db.schema.createIndex("collection_calls_by_call").on("collection_calls").column("saved_call_id").execute();
  await db.schema
    .createTable("saved_call_runs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("saved_call_id", "text", (c) => c.notNull())
    .addColumn("collection_id", "text")
    .addColumn("audit_id", "text")
    .addColumn("actor_id", "text")
    .addColumn("actor_name", "text", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("duration_ms", "integer")
    .addColumn("passed", "integer", (c) => c.notNull())
    // JSON: the checks' results.
    .addColumn("checks", "text", (c) => c.notNull())
    .addColumn("error", "text")
    .execute();
  await db.schema.createIndex("saved_call_runs_by_call").on("saved_call_runs").columns(["saved_call_id", "started_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("saved_call_runs").execute();
  await db.schema.dropTable("collection_calls").execute();
  await db.schema.dropTable("collections").execute();
  await db.schema.dropTable("saved_calls").execute();
}
