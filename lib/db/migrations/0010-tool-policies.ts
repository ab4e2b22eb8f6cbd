// Policies on risky tools (issue 15): per server, who may call destructive or open-world tools
// and whether such a call needs a typed reason, which the audit log keeps with the call.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("server_policies")
    .addColumn("server_id", "text", (c) => c.primaryKey())
    // The ServerPolicy as JSON (lib/domain/tool-policy.ts).
    .addColumn("policy", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();
  await db.schema.alterTable("audit_log").addColumn("reason", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audit_log").dropColumn("reason").execute();
  await db.schema.dropTable("server_policies").execute();
}
