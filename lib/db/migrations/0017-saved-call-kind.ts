// What a saved call sends (lib/domain/saved-shapes.ts): a tool call, a resource read (its URI is the
// tool_name, as in the audit log, and in the arguments) or a prompt get. Every call saved
// before was a tool call.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("saved_calls")
    .addColumn("kind", "text", (column) => column.notNull().defaultTo("call"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("saved_calls").dropColumn("kind").execute();
}
