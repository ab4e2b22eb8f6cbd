// The Toolscope a scenario meets: the server is registered as a person would register it (an
// mcp.json entry, with the OAuth settings the scenario's context gives), in a data directory of
// its own, and reached through the connection pool, so that every scenario, with or without
// OAuth, goes through the code the proxy routes use.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The client ID metadata document URL the basic-cimd scenario expects (a client served elsewhere, as an operator would configure). */
const CIMD_URL = "https://conformance-test.local/client-metadata.json";

/** What MCP_CONFORMANCE_CONTEXT may carry (the suite sets it for the scenarios that need it). */
export type ScenarioContext = {
  client_id?: string;
  client_secret?: string;
  private_key_pem?: string;
  signing_algorithm?: string;
  /** Calls the scenario expects, with their arguments (http-custom-headers). */
  toolCalls?: { name: string; arguments?: Record<string, unknown> }[];
  [key: string]: unknown;
};

export function scenarioContext(): ScenarioContext {
  try {
    return JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}") as ScenarioContext;
  } catch {
    return {};
  }
}

/**
 * Prepares the environment a Toolscope would have for this scenario, before any of its modules
 * load: a data directory of its own (SQLite), no demo server, and an mcp.json with the server.
 */
export function prepareEnvironment(scenario: string, url: string, serverId: string, context: ScenarioContext): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-conformance-"));
  process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  const oauth: Record<string, unknown> = {};
  if (context.client_id) oauth.clientId = context.client_id;
  if (context.client_secret) oauth.clientSecret = context.client_secret;
  if (context.private_key_pem) {
    oauth.privateKey = context.private_key_pem;
    oauth.signingAlgorithm = context.signing_algorithm ?? "ES256";
  }
  if (scenario.startsWith("auth/client-credentials-")) oauth.grant = "client_credentials";
  // The JWTs an operator's platform would keep in files: the workload's (WIF) and, on a
  // Toolscope without accounts, the ID token to exchange (enterprise-managed authorization).
  const keep = (name: string, jwt: string): string => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, `${jwt}\n`);
    return file;
  };
  if (scenario === "auth/wif-jwt-bearer" && typeof context.valid_jwt === "string") {
    oauth.grant = "jwt_bearer";
    oauth.assertionFile = keep("workload.jwt", context.valid_jwt);
  }
  if (typeof context.idp_id_token === "string" && typeof context.idp_client_id === "string") {
    oauth.grant = "enterprise";
    oauth.idpClientId = context.idp_client_id;
    // Its token endpoint, as the scenario gives it: the scenario's IdP publishes a bare OpenID
    // configuration (no response_types_supported) that the SDK's discovery rightly refuses.
    if (typeof context.idp_token_endpoint === "string") oauth.idpTokenEndpoint = context.idp_token_endpoint;
    else if (typeof context.idp_issuer === "string") oauth.idpIssuer = context.idp_issuer;
    oauth.idTokenFile = keep("id-token.jwt", context.idp_id_token);
  }
  const entry = { url, type: "http", name: `conformance: ${scenario}`, ...(Object.keys(oauth).length ? { oauth } : {}) };
  fs.writeFileSync(path.join(dir, "mcp.json"), JSON.stringify({ mcpServers: { [serverId]: entry } }));
  process.env.TOOLSCOPE_DATA_DIR = path.join(dir, "data");
  process.env.TOOLSCOPE_CONFIG = path.join(dir, "mcp.json");
  process.env.TOOLSCOPE_DEMO_SERVER = "off";
  delete process.env.DATABASE_URL;
  if (scenario === "auth/basic-cimd") process.env.TOOLSCOPE_OAUTH_CLIENT_METADATA_URL = CIMD_URL;
}
