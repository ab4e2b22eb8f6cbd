// Two OAuth authorization servers and one MCP server whose protected resource metadata (RFC 9728)
// can be switched from one to the other: an authorization-server migration, as the conformance
// suite's `auth/authorization-server-migration` scenario stages it (SEP-2352). All on loopback.
//
// The authorization servers are small and written here, because what the tests watch is where
// each request goes (registration, authorization, token and refresh requests, and which client
// id each carries), not how tokens are made: RFC 8414 metadata, open dynamic registration
// (RFC 7591), an authorization endpoint that approves at once (no login form) with PKCE S256
// required, and a token endpoint for the code (verifier and redirect URI checked) and for
// refresh tokens (rotated, bound to their client). Access tokens are opaque; the MCP server asks
// the issuing server whether one is live.
//
// `moveTo(server)` makes the metadata name the other server. By default the MCP server then
// refuses tokens from the one it left (the resource no longer trusts it), as the scenario does;
// `{ keepOldTokens: true }` keeps them working, for a move noticed before any 401.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createMcpHandler, McpServer, type AuthInfo } from "@modelcontextprotocol/server";
import { toNodeHandler } from "@modelcontextprotocol/node";

export type TestAuthorizationServerStats = {
  /** Successful dynamic registrations, with the client id handed out. */
  registrations: string[];
  /** Every authorization request, with the client id it named. */
  authorizationRequests: { clientId: string | null }[];
  /** Every token request, as sent (whatever the outcome). */
  tokenRequests: { grantType: string; clientId: string | null }[];
};

export type TestAuthorizationServer = {
  /** e.g. "http://127.0.0.1:41234", no trailing slash; also its issuer identifier. */
  issuer: string;
  stats: TestAuthorizationServerStats;
  /** Whether `token` is a live access token this server issued for `resource`. */
  accepts(token: string, resource: string): boolean;
};

export type AuthorizationServerMigrationFixture = {
  as1: TestAuthorizationServer;
  as2: TestAuthorizationServer;
  mcpUrl: string;
  moveTo(server: TestAuthorizationServer, options?: { keepOldTokens?: boolean }): void;
  close(): Promise<void>;
};

const SCOPE = "mcp:read";
const TOKEN_TTL_SECONDS = 3600;

type Code = { clientId: string; redirectUri: string; challenge: string; resource: string | null; scope: string };
type Issued = { clientId: string; resource: string | null; scope: string; expiresAt: number };

const json = (body: unknown, status = 200): Response => Response.json(body, { status, headers: { "cache-control": "no-store" } });
const oauthError = (error: string, description: string, status = 400): Response => json({ error, error_description: description }, status);
const secret = (prefix: string): string => `${prefix}-${randomBytes(24).toString("base64url")}`;
const s256 = (verifier: string): string => createHash("sha256").update(verifier).digest("base64url");

function authorizationServer(name: string, issuer: string) {
  const stats: TestAuthorizationServerStats = { registrations: [], authorizationRequests: [], tokenRequests: [] };
  const clients = new Map<string, { redirectUris: string[] }>();
  const codes = new Map<string, Code>();
  const accessTokens = new Map<string, Issued>();
  const refreshTokens = new Map<string, Issued>();

  const issue = (grant: Omit<Issued, "expiresAt">): Response => {
    const access = secret(`${name}-at`);
    const refresh = secret(`${name}-rt`);
    accessTokens.set(access, { ...grant, expiresAt: Date.now() + TOKEN_TTL_SECONDS * 1000 });
    refreshTokens.set(refresh, { ...grant, expiresAt: Infinity });
    return json({ access_token: access, token_type: "Bearer", expires_in: TOKEN_TTL_SECONDS, refresh_token: refresh, scope: grant.scope });
  };

  const token = async (request: Request): Promise<Response> => {
    const form = new URLSearchParams(await request.text());
    const grantType = form.get("grant_type") ?? "";
    const clientId = form.get("client_id");
    stats.tokenRequests.push({ grantType, clientId });
    if (!clientId || !clients.has(clientId)) return oauthError("invalid_client", `${name} does not know this client`, 401);
    if (grantType === "authorization_code") {
      const code = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      if (!code || code.clientId !== clientId) return oauthError("invalid_grant", "unknown or spent code");
      if (code.redirectUri !== form.get("redirect_uri")) return oauthError("invalid_grant", "redirect_uri differs");
      if (s256(form.get("code_verifier") ?? "") !== code.challenge) return oauthError("invalid_grant", "PKCE verification failed");
      return issue({ clientId, resource: code.resource, scope: code.scope });
    }
    if (grantType === "refresh_token") {
      const presented = form.get("refresh_token") ?? "";
      const grant = refreshTokens.get(presented);
      if (!grant || grant.clientId !== clientId) return oauthError("invalid_grant", "unknown refresh token");
      refreshTokens.delete(presented); // rotation: each refresh token works once
      return issue({ clientId, resource: grant.resource, scope: grant.scope });
    }
    return oauthError("unsupported_grant_type", grantType);
  };

  const authorize = (url: URL): Response => {
    const q = url.searchParams;
    const clientId = q.get("client_id");
    stats.authorizationRequests.push({ clientId });
    const client = clientId ? clients.get(clientId) : undefined;
    const redirectUri = q.get("redirect_uri") ?? "";
    // An unknown client or redirect URI is shown, never redirected to (RFC 6749 §4.1.2.1).
    if (!clientId || !client || !client.redirectUris.includes(redirectUri))
      return new Response(`${name}: unknown client or redirect_uri`, { status: 400 });
    const back = new URL(redirectUri);
    if (q.get("state")) back.searchParams.set("state", q.get("state")!);
    const challenge = q.get("code_challenge");
    if (!challenge || q.get("code_challenge_method") !== "S256") {
      back.searchParams.set("error", "invalid_request");
      return Response.redirect(back.href, 302);
    }
    const code = secret(`${name}-code`);
    codes.set(code, { clientId, redirectUri, challenge, resource: q.get("resource"), scope: q.get("scope") ?? SCOPE });
    back.searchParams.set("code", code);
    return Response.redirect(back.href, 302);
  };

  const register = async (request: Request): Promise<Response> => {
    const metadata = (await request.json()) as { redirect_uris?: string[] };
    const clientId = `${name}-client-${stats.registrations.length + 1}`;
    clients.set(clientId, { redirectUris: metadata.redirect_uris ?? [] });
    stats.registrations.push(clientId);
    return json(
      { ...metadata, client_id: clientId, client_id_issued_at: Math.floor(Date.now() / 1000), token_endpoint_auth_method: "none" },
      201,
    );
  };

  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (request.method === "GET" && url.pathname === "/.well-known/oauth-authorization-server")
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        registration_endpoint: `${issuer}/register`,
        response_types_supported: ["code"],
        grant_types_supported: ["authorization_code", "refresh_token"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["none"],
        scopes_supported: [SCOPE],
      });
    if (request.method === "GET" && url.pathname === "/authorize") return authorize(url);
    if (request.method === "POST" && url.pathname === "/token") return token(request);
    if (request.method === "POST" && url.pathname === "/register") return register(request);
    return new Response("Not found", { status: 404 });
  };

  const server: TestAuthorizationServer = {
    issuer,
    stats,
    accepts: (value, resource) => {
      const grant = accessTokens.get(value);
      return Boolean(grant && grant.expiresAt > Date.now() && grant.resource === resource);
    },
  };
  return { server, handle };
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const closeServer = (server: http.Server): Promise<void> =>
  new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

function mcpServer(authInfo: AuthInfo | undefined): McpServer {
  const server = new McpServer({ name: "toolscope-migration-fixture", version: "1.0.0" });
  server.registerTool("whoami", { description: "Says which authorization server issued the access token." }, async () => ({
    content: [{ type: "text" as const, text: `issued-by=${String(authInfo?.extra?.issuedBy ?? "")}` }],
  }));
  return server;
}

export async function startAuthorizationServerMigrationFixture(): Promise<AuthorizationServerMigrationFixture> {
  // Every server listens first: each URL needs its real port, and each handler names the others.
  const placeholder: http.RequestListener = (_req, res) => void res.writeHead(503).end();
  const handlers = { as1: placeholder, as2: placeholder, mcp: placeholder };
  const servers = {
    as1: http.createServer((req, res) => handlers.as1(req, res)),
    as2: http.createServer((req, res) => handlers.as2(req, res)),
    mcp: http.createServer((req, res) => handlers.mcp(req, res)),
  };
  const [as1Url, as2Url, mcpOrigin] = await Promise.all([listen(servers.as1), listen(servers.as2), listen(servers.mcp)]);
  const as1 = authorizationServer("as1", as1Url);
  const as2 = authorizationServer("as2", as2Url);
  handlers.as1 = toNodeHandler({ fetch: as1.handle });
  handlers.as2 = toNodeHandler({ fetch: as2.handle });

  const mcpUrl = `${mcpOrigin}/mcp`;
  const metadataUrl = `${mcpOrigin}/.well-known/oauth-protected-resource/mcp`;
  let current = as1.server;
  let trusted = [as1.server];
  const handler = createMcpHandler((ctx) => mcpServer(ctx.authInfo));

  const challenge = (error?: string): Response =>
    new Response(JSON.stringify({ error: error ?? "invalid_token" }), {
      status: 401,
      headers: {
        "content-type": "application/json",
        "www-authenticate": `Bearer ${error ? `error="${error}", ` : ""}scope="${SCOPE}", resource_metadata="${metadataUrl}"`,
      },
    });

  const serveMcp = async (request: Request): Promise<Response> => {
    const bearer = /^Bearer +(\S+) *$/i.exec(request.headers.get("authorization") ?? "")?.[1];
    if (!bearer) return challenge();
    const issuedBy = [as1.server, as2.server].find((server) => server.accepts(bearer, mcpUrl));
    if (!issuedBy || !trusted.includes(issuedBy)) return challenge("invalid_token");
    const extra = { issuedBy: issuedBy === as1.server ? "as1" : "as2" };
    return handler.fetch(request, { authInfo: { token: bearer, clientId: "", scopes: [SCOPE], resource: new URL(mcpUrl), extra } });
  };

  handlers.mcp = toNodeHandler({
    fetch: async (request: Request): Promise<Response> => {
      const { pathname } = new URL(request.url);
      if (request.method === "GET" && pathname.startsWith("/.well-known/oauth-protected-resource"))
        return json({
          resource: mcpUrl,
          authorization_servers: [current.issuer],
          scopes_supported: [SCOPE],
          bearer_methods_supported: ["header"],
        });
      if (pathname !== "/mcp") return new Response("Not found", { status: 404 });
      return serveMcp(request);
    },
  });

  return {
    as1: as1.server,
    as2: as2.server,
    mcpUrl,
    moveTo(server, options = {}) {
      trusted = options.keepOldTokens ? [...new Set([...trusted, server])] : [server];
      current = server;
    },
    close: async () => {
      await handler.close();
      await Promise.all(Object.values(servers).map(closeServer));
    },
  };
}
