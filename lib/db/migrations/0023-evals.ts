// Eval suites and their runs (issue 45, lib/evals): a suite is its file as JSON; a run keeps what it
// was asked (models, repeat, the cases' names), its attempts as they end, and a heartbeat.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("eval_suites")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("definition", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();
  await db.schema
    .createTable("eval_runs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("suite_id", "text", (c) => c.notNull())
    .addColumn("suite_name", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("error", "text")
    .addColumn("models", "text", (c) => c.notNull())
    .addColumn("repeat", "integer", (c) => c.notNull())
    .addColumn("cases", "text", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("started_by", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addColumn("heartbeat_at", "text", (c) => c.notNull())
    .addColumn("attempts", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("eval_runs_by_suite").on("eval_runs").columns(["suite_id", "started_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("eval_runs").execute();
  await db.schema.dropTable("eval_suites").execute();
}
