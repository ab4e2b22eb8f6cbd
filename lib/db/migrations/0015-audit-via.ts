// Where a call was made from (lib/domain/audit-via.ts): an MCP App, the RPC console or a saved call;
// empty for the tool's form and the API, and for every record written before.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audit_log").addColumn("via", "text").execute();
  // The log's "made from" filter walks the records that have a via (few, as logs go), newest first.
  await db.schema.createIndex("audit_log_via").on("audit_log").columns(["id", "via"]).where(sql.ref("via"), "is not", null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("audit_log_via").execute();
  await db.schema.alterTable("audit_log").dropColumn("via").execute();
}
