// OAuth 2.1 to target servers (issue 16). Everything here is a secret or leads to one, so the
// payload columns hold values sealed with lib/crypto/secret-box.ts, bound to their row.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // The client Toolscope registered (or was given) at one authorization server for one MCP server.
  await db.schema
    .createTable("oauth_clients")
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("issuer", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("oauth_clients_pk", ["server_id", "issuer"])
    .execute();
  // One authorization: a server's tokens for one principal (a person's id, or "shared"),
  // with the discovery results they came from.
  await db.schema
    .createTable("oauth_grants")
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("principal", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("oauth_grants_pk", ["server_id", "principal"])
    .execute();
  // Authorizations under way: the browser is at the authorization server; `state` brings it back.
  await db.schema
    .createTable("oauth_flows")
    .addColumn("state", "text", (c) => c.primaryKey())
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("principal", "text", (c) => c.notNull())
    // Who started it: only they may finish it. Null in local mode.
    .addColumn("user_id", "text")
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("oauth_flows").execute();
  await db.schema.dropTable("oauth_grants").execute();
  await db.schema.dropTable("oauth_clients").execute();
}
