// OAuth for agents (issue 34, lib/auth/agent-oauth.ts): Toolscope as the authorization server
// MCP clients authorize against. The tables are better-auth's (its JWT plugin's signing keys and
// its OAuth provider's clients, resources, consents and tokens), in the auth_ prefix, with the
// columns and types its own migration generator emits for each database, frozen here.
import { PostgresAdapter, type Kysely } from "kysely";

const TABLES = [
  "auth_oauth_client_assertion",
  "auth_oauth_consent",
  "auth_oauth_access_token",
  "auth_oauth_refresh_token",
  "auth_oauth_client_resource",
  "auth_oauth_resource",
  "auth_oauth_client",
  "auth_jwks",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = pg ? "timestamptz" : "date";
  const flag = pg ? "boolean" : "integer";
  const json = pg ? "jsonb" : "text";
  await db.schema
    .createTable("auth_jwks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("publicKey", "text", (c) => c.notNull())
    .addColumn("privateKey", "text", (c) => c.notNull())
    .addColumn("createdAt", time, (c) => c.notNull())
    .addColumn("expiresAt", time)
    .addColumn("alg", "text")
    .addColumn("crv", "text")
    .execute();
  await db.schema
    .createTable("auth_oauth_client")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("clientId", "text", (c) => c.notNull().unique())
    .addColumn("clientSecret", "text")
    .addColumn("clientDiscoveryId", "text")
    .addColumn("disabled", flag)
    .addColumn("skipConsent", flag)
    .addColumn("enableEndSession", flag)
    .addColumn("subjectType", "text")
    .addColumn("scopes", json)
    .addColumn("clientCredentialsScopes", json)
    .addColumn("userId", "text", (c) => c.references("auth_user.id"))
    .addColumn("createdAt", time)
    .addColumn("updatedAt", time)
    .addColumn("name", "text")
    .addColumn("uri", "text")
    .addColumn("icon", "text")
    .addColumn("contacts", json)
    .addColumn("tos", "text")
    .addColumn("policy", "text")
    .addColumn("softwareId", "text")
    .addColumn("softwareVersion", "text")
    .addColumn("softwareStatement", "text")
    .addColumn("redirectUris", json, (c) => c.notNull())
    .addColumn("postLogoutRedirectUris", json)
    .addColumn("backchannelLogoutUri", "text")
    .addColumn("backchannelLogoutSessionRequired", flag)
    .addColumn("tokenEndpointAuthMethod", "text")
    .addColumn("applicationType", "text")
    .addColumn("jwks", "text")
    .addColumn("jwksUri", "text")
    .addColumn("grantTypes", json)
    .addColumn("responseTypes", json)
    .addColumn("requirePKCE", flag)
    .addColumn("dpopBoundAccessTokens", flag)
    .addColumn("referenceId", "text")
    .addColumn("metadata", json)
    .execute();
  await db.schema
    .createTable("auth_oauth_resource")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("accessTokenTtl", "integer")
    .addColumn("refreshTokenTtl", "integer")
    .addColumn("signingAlgorithm", "text")
    .addColumn("signingKeyId", "text")
    .addColumn("allowedScopes", json)
    .addColumn("customClaims", json)
    .addColumn("dpopBoundAccessTokensRequired", flag)
    .addColumn("disabled", flag)
    .addColumn("createdAt", time)
    .addColumn("updatedAt", time)
    .addColumn("policyVersion", "integer")
    .addColumn("metadata", json)
    .execute();
  await db.schema
    .createTable("auth_oauth_client_resource")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("clientId", "text", (c) => c.notNull().references("auth_oauth_client.clientId").onDelete("cascade"))
    .addColumn("resourceId", "text", (c) => c.notNull().references("auth_oauth_resource.identifier").onDelete("cascade"))
    .addColumn("metadata", json)
    .addColumn("createdAt", time)
    .execute();
  await db.schema
    .createTable("auth_oauth_refresh_token")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("clientId", "text", (c) => c.notNull().references("auth_oauth_client.clientId"))
    .addColumn("sessionId", "text", (c) => c.references("auth_session.id").onDelete("set null"))
    .addColumn("userId", "text", (c) => c.notNull().references("auth_user.id"))
    .addColumn("referenceId", "text")
    .addColumn("authorizationCodeId", "text")
    .addColumn("resources", json)
    .addColumn("requestedUserInfoClaims", json)
    .addColumn("expiresAt", time)
    .addColumn("createdAt", time)
    .addColumn("revoked", time)
    .addColumn("rotatedAt", time)
    .addColumn("rotationReplayResponse", "text")
    .addColumn("rotationReplayExpiresAt", time)
    .addColumn("authTime", time)
    .addColumn("confirmation", json)
    .addColumn("scopes", json, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("auth_oauth_access_token")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("token", "text", (c) => c.unique())
    .addColumn("clientId", "text", (c) => c.notNull().references("auth_oauth_client.clientId"))
    .addColumn("sessionId", "text", (c) => c.references("auth_session.id").onDelete("set null"))
    .addColumn("userId", "text", (c) => c.references("auth_user.id"))
    .addColumn("referenceId", "text")
    .addColumn("authorizationCodeId", "text")
    .addColumn("resources", json)
    .addColumn("requestedUserInfoClaims", json)
    .addColumn("refreshId", "text", (c) => c.references("auth_oauth_refresh_token.id"))
    .addColumn("expiresAt", time)
    .addColumn("createdAt", time)
    .addColumn("revoked", time)
    .addColumn("confirmation", json)
    .addColumn("scopes", json, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("auth_oauth_consent")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("clientId", "text", (c) => c.notNull().references("auth_oauth_client.clientId"))
    .addColumn("userId", "text", (c) => c.references("auth_user.id"))
    .addColumn("referenceId", "text")
    .addColumn("resources", json)
    .addColumn("requestedUserInfoClaims", json)
    .addColumn("scopes", json, (c) => c.notNull())
    .addColumn("createdAt", time)
    .addColumn("updatedAt", time)
    .execute();
  await db.schema
    .createTable("auth_oauth_client_assertion")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expiresAt", time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("auth_oauth_client_userId_idx").on("auth_oauth_client").column("userId").execute();
  await db.schema.createIndex("auth_oauth_client_resource_clientId_idx").on("auth_oauth_client_resource").column("clientId").execute();
  await db.schema.createIndex("auth_oauth_client_resource_resourceId_idx").on("auth_oauth_client_resource").column("resourceId").execute();
  await db.schema.createIndex("auth_oauth_refresh_token_clientId_idx").on("auth_oauth_refresh_token").column("clientId").execute();
  await db.schema.createIndex("auth_oauth_refresh_token_sessionId_idx").on("auth_oauth_refresh_token").column("sessionId").execute();
  await db.schema.createIndex("auth_oauth_refresh_token_userId_idx").on("auth_oauth_refresh_token").column("userId").execute();
  await db.schema
    .createIndex("auth_oauth_refresh_token_authorizationCodeId_idx")
    .on("auth_oauth_refresh_token")
    .column("authorizationCodeId")
    .execute();
  await db.schema.createIndex("auth_oauth_access_token_clientId_idx").on("auth_oauth_access_token").column("clientId").execute();
  await db.schema.createIndex("auth_oauth_access_token_sessionId_idx").on("auth_oauth_access_token").column("sessionId").execute();
  await db.schema.createIndex("auth_oauth_access_token_userId_idx").on("auth_oauth_access_token").column("userId").execute();
  await db.schema
    .createIndex("auth_oauth_access_token_authorizationCodeId_idx")
    .on("auth_oauth_access_token")
    .column("authorizationCodeId")
    .execute();
  await db.schema.createIndex("auth_oauth_access_token_refreshId_idx").on("auth_oauth_access_token").column("refreshId").execute();
  await db.schema.createIndex("auth_oauth_consent_clientId_idx").on("auth_oauth_consent").column("clientId").execute();
  await db.schema.createIndex("auth_oauth_consent_userId_idx").on("auth_oauth_consent").column("userId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.dropTable(table).execute();
}
