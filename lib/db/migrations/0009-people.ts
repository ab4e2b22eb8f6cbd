// People (issue 14): accounts, their sessions and sign-in methods in the shape better-auth reads
// (lib/auth/better-auth.ts names the tables), personal API tokens, and the audit log's record of
// who acted and how they proved it. The columns better-auth owns keep its camelCase names, so
// its adapter needs no field map; the types follow what its own migration generator emits for
// each database.
import { PostgresAdapter, sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = pg ? "timestamptz" : "date";
  const flag = pg ? "boolean" : "integer";
  const now = sql`CURRENT_TIMESTAMP`;
  await db.schema
    .createTable("auth_user")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", flag, (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", time, (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", time, (c) => c.notNull().defaultTo(now))
    .addColumn("role", "text")
    .addColumn("banned", flag)
    .addColumn("banReason", "text")
    .addColumn("banExpires", time)
    // The groups the identity provider last said the person is in (JSON array).
    .addColumn("groups", "text")
    .execute();
  await db.schema
    .createTable("auth_session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expiresAt", time, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", time, (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", time, (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("impersonatedBy", "text")
    // password, sso or bootstrap-token: how this session was signed in, for the audit log.
    .addColumn("authMethod", "text")
    .execute();
  await db.schema.createIndex("auth_session_userId_idx").on("auth_session").column("userId").execute();
  await db.schema
    .createTable("auth_account")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", time)
    .addColumn("refreshTokenExpiresAt", time)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", time, (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("auth_account_userId_idx").on("auth_account").column("userId").execute();
  await db.schema
    .createTable("auth_verification")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", time, (c) => c.notNull())
    .addColumn("createdAt", time, (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", time, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("auth_verification_identifier_idx").on("auth_verification").column("identifier").execute();

  await db.schema
    .createTable("personal_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    // SHA-256 of the whole token: tokens carry 256 random bits, so a fast hash is enough.
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("scopes", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text")
    .addColumn("last_used_at", "text")
    .addColumn("revoked_at", "text")
    .addColumn("revoked_by", "text")
    .execute();
  await db.schema.createIndex("personal_tokens_user_idx").on("personal_tokens").column("user_id").execute();

  // What a record is (a tool call, or an account or administration event) and who made it.
  // Records written before this migration are calls with only `actor`.
  await db.schema
    .alterTable("audit_log")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("call"))
    .execute();
  for (const column of ["actor_id", "actor_name", "auth_method", "token_name"]) {
    await db.schema.alterTable("audit_log").addColumn(column, "text").execute();
  }
  await db.schema.createIndex("audit_log_actor_id_idx").on("audit_log").columns(["actor_id", "id"]).execute();
  await db.schema.createIndex("audit_log_kind_idx").on("audit_log").columns(["kind", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("audit_log_kind_idx").execute();
  await db.schema.dropIndex("audit_log_actor_id_idx").execute();
  for (const column of ["token_name", "auth_method", "actor_name", "actor_id", "kind"]) {
    await db.schema.alterTable("audit_log").dropColumn(column).execute();
  }
  for (const table of ["personal_tokens", "auth_verification", "auth_account", "auth_session", "auth_user"]) {
    await db.schema.dropTable(table).execute();
  }
}
