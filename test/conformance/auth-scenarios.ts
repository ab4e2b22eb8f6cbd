// The conformance suite's auth/* scenarios, played through Toolscope's own OAuth code: the
// server is registered as a person would (an mcp.json entry with the OAuth settings the
// scenario's context gives), reached through the connection pool, authorized through
// lib/mcp/oauth-authorization.ts, and the "browser" here only does what a browser does: follow the
// authorization server's redirect back to Toolscope's callback.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Scenarios this driver plays (the suite's auth suite and its client-credentials extension). */
export const AUTH_SCENARIOS = [
  "auth/metadata-default",
  "auth/metadata-var1",
  "auth/metadata-var2",
  "auth/metadata-var3",
  "auth/basic-cimd",
  "auth/scope-from-www-authenticate",
  "auth/scope-from-scopes-supported",
  "auth/scope-omitted-when-undefined",
  "auth/scope-step-up",
  "auth/scope-retry-limit",
  "auth/token-endpoint-auth-basic",
  "auth/token-endpoint-auth-post",
  "auth/token-endpoint-auth-none",
  "auth/pre-registration",
  "auth/2025-03-26-oauth-metadata-backcompat",
  "auth/2025-03-26-oauth-endpoint-fallback",
  "auth/resource-mismatch",
  "auth/offline-access-scope",
  "auth/offline-access-not-supported",
  "auth/client-credentials-jwt",
  "auth/client-credentials-basic",
] as const;

/** The client ID metadata document URL the basic-cimd scenario expects (a client served elsewhere, as an operator would configure). */
const CIMD_URL = "https://conformance-test.local/client-metadata.json";

type Context = { client_id?: string; client_secret?: string; private_key_pem?: string; signing_algorithm?: string };

/**
 * Prepares the environment a Toolscope would have for this scenario, before any of its modules
 * load: a data directory of its own (SQLite), no demo server, and an mcp.json with the server.
 */
export function prepareAuthEnvironment(scenario: string, url: string, serverId: string): void {
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}") as Context;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-conformance-auth-"));
  process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  const oauth: Record<string, unknown> = {};
  if (context.client_id) oauth.clientId = context.client_id;
  if (context.client_secret) oauth.clientSecret = context.client_secret;
  if (context.private_key_pem) {
    oauth.privateKey = context.private_key_pem;
    oauth.signingAlgorithm = context.signing_algorithm ?? "ES256";
  }
  if (scenario.startsWith("auth/client-credentials-")) oauth.grant = "client_credentials";
  const entry = { url, type: "http", name: `conformance: ${scenario}`, ...(Object.keys(oauth).length ? { oauth } : {}) };
  fs.writeFileSync(path.join(dir, "mcp.json"), JSON.stringify({ mcpServers: { [serverId]: entry } }));
  process.env.TOOLSCOPE_DATA_DIR = path.join(dir, "data");
  process.env.TOOLSCOPE_CONFIG = path.join(dir, "mcp.json");
  process.env.TOOLSCOPE_DEMO_SERVER = "off";
  delete process.env.DATABASE_URL;
  if (scenario === "auth/basic-cimd") process.env.TOOLSCOPE_OAUTH_CLIENT_METADATA_URL = CIMD_URL;
}
