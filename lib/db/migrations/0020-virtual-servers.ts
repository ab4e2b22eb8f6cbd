// Virtual servers (issue 34, lib/gateway): named MCP endpoints /mcp/{name} composed by an admin
// from chosen tools of several servers (renamed, with arguments pinned).
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("virtual_servers")
    .addColumn("name", "text", (c) => c.primaryKey())
    // The VirtualServer as JSON (lib/domain/virtual-servers.ts).
    .addColumn("definition", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("virtual_servers").execute();
}
