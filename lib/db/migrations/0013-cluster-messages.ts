// Messages between Toolscope processes too large for a PostgreSQL notification (8,000 bytes):
// the notification carries the row's id, the row the message (lib/cluster/bus.ts). Rows are
// read once by whoever the message is for and swept after a few minutes.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("cluster_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("cluster_messages").execute();
}
