// Servers added through the UI or the API. The config (with its secrets) stays here,
// server-side; the browser only ever sees the names of env variables and headers.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("servers")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("config", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("servers").execute();
}
