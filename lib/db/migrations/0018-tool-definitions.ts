// Definition pinning (issue 33): every definition of a server's tool Toolscope has seen, by its
// hash: the approved one (the pin), ones waiting for an admin (changed since the pin, or new and
// failing the poisoning scan) and ones an approval replaced. See lib/pins.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("tool_definitions")
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("tool_name", "text", (c) => c.notNull())
    // SHA-256 of the definition's canonical JSON (lib/pins/definition.ts).
    .addColumn("hash", "text", (c) => c.notNull())
    .addColumn("definition", "text", (c) => c.notNull())
    // approved | pending | superseded
    .addColumn("status", "text", (c) => c.notNull())
    // Why it waits, or waited: first (never approved), new, changed, flagged (failed the poisoning scan).
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("first_seen_at", "text", (c) => c.notNull())
    .addColumn("approved_at", "text")
    .addColumn("approved_by", "text")
    .addPrimaryKeyConstraint("tool_definitions_pk", ["server_id", "tool_name", "hash"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("tool_definitions").execute();
}
