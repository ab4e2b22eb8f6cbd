// Where a call was made from (lib/audit/via.ts): an MCP App, the RPC console or a saved call;
// empty for the tool's form and the API, and for every record written before.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audit_log").addColumn("via", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audit_log").dropColumn("via").execute();
}
