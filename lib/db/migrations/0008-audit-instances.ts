// Which Toolscope process opened each pending record. A process starting up marked every pending
// record "interrupted", taking it for a call its own earlier run left behind; but a second
// process on the same database (a replica of a hosted deployment, the old process of a rolling
// restart, a second `npm start` on another port) still has its own calls in flight, and their
// real outcomes were then lost: a record completed elsewhere is never completed again. Now each
// process registers itself, keeps a heartbeat, and only the records of processes that are gone
// are marked (lib/cluster/instances.ts says how "gone" is decided).
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("audit_instances")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("host", "text", (col) => col.notNull())
    .addColumn("pid", "integer", (col) => col.notNull())
    .addColumn("started_at", "text", (col) => col.notNull())
    .addColumn("heartbeat_at", "text", (col) => col.notNull())
    .execute();
  // Null for records written before this migration: their process is the one that ran it, or older.
  await db.schema.alterTable("audit_log").addColumn("instance_id", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audit_log").dropColumn("instance_id").execute();
  await db.schema.dropTable("audit_instances").execute();
}
