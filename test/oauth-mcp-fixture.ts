// A real OAuth 2.1 authorization server and an MCP server that demands its tokens, both on
// loopback, laid out the way the MCP authorization spec describes: the MCP server answers 401
// with a WWW-Authenticate pointing at its RFC 9728 protected resource metadata, which names the
// authorization server; that one offers dynamic client registration (RFC 7591), PKCE S256,
// resource indicators (RFC 8707) and JWT access tokens (RFC 9068) whose `aud` is the MCP URL.
// Vitest drives it with fetch; Playwright signs in at its login form with a real browser.
//
// The authorization server is `oidc-provider` (a certified OP, also behind ./oidc-provider.ts)
// with an in-memory store, its own keys, a bare login form and consent granted automatically.
// The MCP server is the SDK's createMcpHandler, which serves both the 2026-07-28 revision and
// 2025-era clients (stateless), behind a bearer gate written here with `jose`. The SDK's own
// OAuth client (an authProvider on its transport) gets through all of it: discovery, DCR,
// sign-in, a refresh on 401 and a step-up on 403. In a browser the AS keeps a session cookie,
// so a second authorization (e.g. the step-up) goes straight back without the login form.
//
// What happens when a client leaves `resource` out (oidc-provider 9, as configured below):
// - at the authorization endpoint, mcp:read / mcp:admin are silently dropped from the request,
//   since they only exist for a resource. With nothing else asked for, the user signs in and is
//   then sent back to the redirect_uri with `error=access_denied`; with `openid` too, the client
//   gets a code and then an opaque, userinfo-only access token (scope "openid") that the MCP
//   server answers with 401 invalid_token;
// - at the token endpoint (code or refresh_token grant), omitting `resource` is fine once the
//   authorization named it: the token is a JWT for the MCP URL (`useGrantedResource`);
// - `defaultResource` never fills in the MCP URL, so no client is "helped" into a token it did
//   not ask for, and a resource other than the MCP URL is refused with `invalid_target`.
// Asking for no scope at all (with the resource) also ends in `access_denied`: scopes are
// granted only as requested, and an MCP token without one would be useless.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { createMcpHandler, McpServer, type AuthInfo } from "@modelcontextprotocol/server";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from "jose";
import { z } from "zod";
// Importing it prints "Unsupported runtime. Use Node.js v22.x LTS" on Node 20; it works there.
// @ts-expect-error -- oidc-provider ships no types and @types/oidc-provider is not installed; the
// few members used here are typed by hand below.
import Provider, { errors as oidcErrors } from "oidc-provider";
import { escapeHtml, fixtureBrowser, interactionHandler, memoryAdapter, signingJwk, type InteractionApi } from "./oidc-provider-kit";

export type OAuthMcpFixtureUser = { login: string; password: string; sub?: string };

export type OAuthMcpFixtureOptions = {
  /** The authorization server's port (0 or absent = any free one). */
  port?: number;
  /** The MCP server's port (0 or absent = any free one). */
  mcpPort?: number;
  /** Lifetime of access tokens; tests use a few seconds to force refreshes. Default 3600. */
  accessTokenTtlSeconds?: number;
  /** Who may sign in; `sub` defaults to `login`. Default: alice / alice-password. */
  users?: OAuthMcpFixtureUser[];
};

export type OAuthMcpFixtureStats = {
  /** Every request to the token endpoint, as sent (whatever the outcome). */
  tokenRequests: { grantType: string; scope?: string; resource?: string }[];
  /** Successful dynamic client registrations. */
  registrations: number;
  /** Every secret this authorization server handed out (tokens, client secrets), for tests that they go nowhere else. */
  secrets: string[];
  /** Every authorization request (not the resumes after the login form), as sent. */
  authorizationRequests: { scope?: string; resource?: string; clientId?: string }[];
  /** Every request to /mcp, with the status this fixture's gate or the MCP handler answered. */
  mcpRequests: { method?: string; tool?: string; status: number }[];
};

export type OAuthMcpFixture = {
  /** e.g. "http://127.0.0.1:41234", no trailing slash. */
  issuer: string;
  /** e.g. "http://127.0.0.1:41235/mcp"; also the only resource indicator the server accepts. */
  mcpUrl: string;
  /** What the fixture observed, for assertions. */
  stats: OAuthMcpFixtureStats;
  close(): Promise<void>;
};

/** Every scope the MCP server knows; tokens carry only those that were asked for. */
export const MCP_SCOPES = ["mcp:read", "mcp:admin"] as const;

// The slice of oidc-provider's API this file touches (the interaction pages' part is in the kit).
type KoaContext = {
  method: string;
  status: number;
  query: Record<string, string | string[] | undefined>;
  /** The response body oidc-provider set (an object for its JSON answers). */
  body?: unknown;
  oidc?: { route?: string; body?: Record<string, string | string[] | undefined> };
};
type ProviderApi = InteractionApi & {
  callback(): http.RequestListener;
  on(event: "server_error", listener: (ctx: unknown, error: Error) => void): void;
  use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
};
const OidcProvider = Provider as new (issuer: string, configuration: Record<string, unknown>) => ProviderApi;
const { InvalidTarget } = oidcErrors as { InvalidTarget: new (description?: string) => Error };

// Self-contained on purpose (no stylesheet, script, image or font): a test browser may have no
// network beyond loopback, and Playwright only needs the three named controls.
function loginPage(uid: string, login: string, error?: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Test authorization server: sign in</title></head>
<body>
<h1>Sign in to the test authorization server</h1>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/interaction/${encodeURIComponent(uid)}/login">
<label>Login <input id="login" name="login" type="text" autocomplete="username" value="${escapeHtml(login)}" autofocus></label>
<label>Password <input id="password" name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Sign in</button>
</form>
</body></html>`;
}

async function listen(server: http.Server, port: number | undefined): Promise<number> {
  // Node closes an idle keep-alive connection after 5 s, and a client that reuses it at that moment
  // gets "socket hang up" (seen under load: a busy client's own 4 s timer fires late). A test's
  // server keeps its connections for as long as any test lasts.
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 121_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port ?? 0, "127.0.0.1", resolve);
  });
  return (server.address() as AddressInfo).port;
}

const closeServer = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

// A repeated parameter (resource may legally be) is recorded space-separated.
const param = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value.join(" ") : value);

// RFC 6750 allows only these characters inside a quoted error_description.
const challengeText = (text: string) => text.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, " ");

type JsonRpcCall = { method?: string; tool?: string };
function describeCall(message: unknown): JsonRpcCall {
  if (!message || typeof message !== "object" || Array.isArray(message)) return {};
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
  if (typeof method !== "string") return {};
  const tool = method === "tools/call" && typeof params?.name === "string" ? params.name : undefined;
  return { method, ...(tool ? { tool } : {}) };
}

function authorizationServerListener(
  issuer: string,
  mcpUrl: string,
  ttl: number,
  users: Required<OAuthMcpFixtureUser>[],
  stats: OAuthMcpFixtureStats,
): http.RequestListener {
  const bySub = new Map(users.map((user) => [user.sub, user]));
  const provider = new OidcProvider(issuer, {
    adapter: memoryAdapter(),
    // A copy, because oidc-provider normalises the keys it is handed in place.
    jwks: { keys: [{ ...signingJwk() }] },
    features: {
      devInteractions: { enabled: false },
      // Open registration, as MCP clients expect: no initial access token. Public clients
      // (token_endpoint_auth_method "none") and confidential ones are both accepted, because
      // "none" is in oidc-provider's default clientAuthMethods.
      registration: { enabled: true, initialAccessToken: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // The default already returns undefined when the client names no resource; spelled out
        // because filling in the MCP URL here would hide clients that forget RFC 8707.
        defaultResource: async () => undefined,
        // A token request (code or refresh) without `resource` gets a token for the resource the
        // authorization named, even when `openid` was asked for too (which otherwise means a
        // userinfo token).
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: unknown, indicator: string) => {
          if (indicator !== mcpUrl) throw new InvalidTarget(`the only resource here is ${mcpUrl}`);
          return {
            scope: MCP_SCOPES.join(" "),
            audience: mcpUrl,
            accessTokenTTL: ttl,
            // RFC 9068 JWTs, so the MCP server checks them offline against the AS's JWKS.
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
    },
    // Only OpenID scopes are "static"; mcp:* exist solely as the resource server's scopes above,
    // so they can only be granted for, and are only put in tokens for, the MCP URL.
    scopes: ["openid", "offline_access"],
    // The SDK's client registers with `scope` = what the 401 challenge asked for (plus
    // offline_access), e.g. "mcp:read offline_access". oidc-provider would reject that (a client's
    // `scope` may only name static scopes), and a registered scope would also cap later requests,
    // breaking step-up to mcp:admin. RFC 7591 lets the server replace requested metadata, so the
    // registered scope is dropped (the response has none): every client may ask for any scope.
    // Declaring `scope` as "extra" metadata is the hook that runs before that validation.
    extraClientMetadata: {
      properties: ["scope"],
      validator: (_ctx: unknown, key: string, _value: unknown, metadata: Record<string, unknown>) => {
        if (key === "scope") delete metadata.scope;
      },
    },
    claims: { openid: ["sub"] },
    responseTypes: ["code"],
    // oidc-provider 9 only implements S256, so requiring PKCE means requiring S256.
    pkce: { required: () => true },
    // MCP clients rarely ask for offline_access (oidc-provider would also drop it unless the
    // request says prompt=consent); a client registered for refresh_token gets one regardless.
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed("refresh_token"),
    // Every refresh consumes the old refresh token and returns a new one (OAuth 2.1 rotation
    // for public clients; done for confidential ones too so tests see one behaviour).
    rotateRefreshToken: true,
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // Cookies ignore ports: Toolscope, ./oidc-provider.ts and this server all live on 127.0.0.1,
    // so distinct names keep their jars apart. Not `secure`: the issuer is plain http.
    cookies: {
      names: { session: "test_as_session", interaction: "test_as_interaction", resume: "test_as_interaction_resume" },
      keys: [randomBytes(32).toString("hex")],
    },
    // Set explicitly so oidc-provider does not print a "you SHOULD change it" notice per default.
    ttl: {
      AccessToken: ttl,
      AuthorizationCode: 60,
      IdToken: 3600,
      RefreshToken: 86_400,
      Interaction: 600,
      Session: 86_400,
      Grant: 86_400,
    },
    clientBasedCORS: () => false,
    findAccount: async (_ctx: unknown, sub: string) => (bySub.has(sub) ? { accountId: sub, claims: async () => ({ sub }) } : undefined),
    renderError: async (ctx: { type: string; body: unknown }, out: Record<string, string>) => {
      ctx.type = "html";
      ctx.body = `<!doctype html><title>Test authorization server error</title><pre>${escapeHtml(JSON.stringify(out, null, 2))}</pre>`;
    },
  });
  provider.on("server_error", (_ctx, error) => console.error("test OAuth authorization server:", error));

  // Runs around oidc-provider's router: after `next()` the route is known and the body parsed,
  // and errors have already been turned into responses, so failed requests are recorded too.
  // The raw query/body is read, not ctx.oidc.params, which oidc-provider rewrites (it drops
  // resource scopes from a request without a resource, for instance).
  provider.use(async (ctx, next) => {
    await next();
    const route = ctx.oidc?.route;
    const source = ctx.method === "GET" ? ctx.query : (ctx.oidc?.body ?? {});
    const answer = ctx.body as Record<string, unknown> | undefined;
    if (answer && typeof answer === "object" && !Buffer.isBuffer(answer)) {
      for (const name of ["access_token", "refresh_token", "id_token", "client_secret", "registration_access_token"]) {
        const value = answer[name];
        if (typeof value === "string") stats.secrets.push(value);
      }
    }
    if (route === "token") {
      stats.tokenRequests.push({
        grantType: param(source.grant_type) ?? "",
        ...(source.scope !== undefined ? { scope: param(source.scope) } : {}),
        ...(source.resource !== undefined ? { resource: param(source.resource) } : {}),
      });
    } else if (route === "authorization") {
      stats.authorizationRequests.push({
        ...(source.scope !== undefined ? { scope: param(source.scope) } : {}),
        ...(source.resource !== undefined ? { resource: param(source.resource) } : {}),
        ...(source.client_id !== undefined ? { clientId: param(source.client_id) } : {}),
      });
    } else if (route === "registration" && ctx.method === "POST" && ctx.status === 201) {
      stats.registrations++;
    }
  });
  const providerCallback = provider.callback();

  const interact = interactionHandler(provider, {
    loginPage,
    authenticate: (login, password) => users.find((u) => u.login === login && u.password === password)?.sub,
    invalid: "Invalid login or password",
    name: "test authorization server",
  });

  return (req, res) => {
    const match = /^\/interaction\/[^/?]+(?:\/([^/?]+))?(?:\?|$)/.exec(req.url ?? "");
    if (!match) return providerCallback(req, res);
    interact(req, res, match[1]).catch((error: unknown) => {
      // Typically an expired or unknown interaction (e.g. the browser went back); say so plainly.
      if (!res.headersSent) res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
      res.end(`Interaction failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  };
}

function createMcpServer(authInfo: AuthInfo | undefined): McpServer {
  const server = new McpServer({ name: "toolscope-oauth-fixture", version: "1.0.0" });
  const text = (value: string) => ({ content: [{ type: "text" as const, text: value }] });
  server.registerTool("whoami", { description: "Says whom the access token belongs to and what it may do." }, async () =>
    text(`sub=${String(authInfo?.extra?.sub ?? "")} scopes=${(authInfo?.scopes ?? []).join(" ")}`),
  );
  server.registerTool(
    "echo",
    { description: "Echoes the text back.", inputSchema: z.object({ text: z.string() }) },
    async ({ text: value }) => text(value),
  );
  // The HTTP gate refuses this one with 403 insufficient_scope before it gets here; the check
  // below only guards against that gate being bypassed.
  server.registerTool("admin_reset", { description: "Needs the mcp:admin scope." }, async () =>
    authInfo?.scopes.includes("mcp:admin") ? text("reset done") : { ...text("mcp:admin scope required"), isError: true },
  );
  return server;
}

function mcpServerListener(issuer: string, mcpUrl: string, stats: OAuthMcpFixtureStats) {
  const origin = new URL(mcpUrl).origin;
  const metadataUrl = `${origin}/.well-known/oauth-protected-resource${new URL(mcpUrl).pathname}`;
  const metadata = {
    resource: mcpUrl,
    authorization_servers: [issuer],
    scopes_supported: [...MCP_SCOPES],
    bearer_methods_supported: ["header"],
  };
  // oidc-provider's default jwks route; jose caches the set and refetches on an unknown kid.
  const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));
  const handler = createMcpHandler((ctx) => createMcpServer(ctx.authInfo));

  const challenge = (status: 401 | 403, params: Record<string, string>) =>
    Response.json(
      { error: params.error ?? "invalid_token" },
      {
        status,
        headers: {
          "www-authenticate": `Bearer ${Object.entries(params)
            .map(([key, value]) => `${key}="${value}"`)
            .join(", ")}`,
        },
      },
    );

  const verify = async (request: Request): Promise<AuthInfo | Response> => {
    const header = request.headers.get("authorization");
    const token = /^Bearer +([^ ]+) *$/i.exec(header ?? "")?.[1];
    if (!token) return challenge(401, { resource_metadata: metadataUrl, scope: "mcp:read" });
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer, audience: mcpUrl, typ: "at+jwt", algorithms: ["RS256"] });
      return {
        token,
        clientId: String(payload.client_id ?? ""),
        scopes: typeof payload.scope === "string" ? payload.scope.split(" ").filter(Boolean) : [],
        ...(payload.exp !== undefined ? { expiresAt: payload.exp } : {}),
        resource: new URL(mcpUrl),
        extra: { sub: payload.sub },
      };
    } catch (error) {
      const description =
        error instanceof joseErrors.JWTExpired ? "the access token expired" : error instanceof Error ? error.message : "bad token";
      return challenge(401, {
        error: "invalid_token",
        error_description: challengeText(description),
        resource_metadata: metadataUrl,
        scope: "mcp:read",
      });
    }
  };

  const serveMcp = async (request: Request): Promise<{ response: Response; call: JsonRpcCall }> => {
    // Read the body first, so even refused requests are recorded with their JSON-RPC method.
    const text = request.method === "POST" ? await request.text() : "";
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const calls = Array.isArray(body) ? body.map(describeCall) : [describeCall(body)];
    const call: JsonRpcCall = calls.length === 1 ? (calls[0] ?? {}) : { method: calls.map((c) => c.method ?? "?").join(",") };

    const auth = await verify(request);
    if (auth instanceof Response) return { response: auth, call };
    // Everything needs mcp:read, admin_reset mcp:admin too. The challenge names the whole set the
    // request needs (MCP step-up: the client asks for exactly that, so nothing held is lost).
    const needed = new Set<string>(["mcp:read", ...(calls.some((c) => c.tool === "admin_reset") ? ["mcp:admin"] : [])]);
    if ([...needed].some((scope) => !auth.scopes.includes(scope))) {
      const scope = MCP_SCOPES.filter((s) => needed.has(s) || auth.scopes.includes(s)).join(" ");
      return { response: challenge(403, { error: "insufficient_scope", scope, resource_metadata: metadataUrl }), call };
    }

    // The body stream is spent, so the handler gets a fresh Request plus the parsed body.
    const forwarded = new Request(request.url, { method: request.method, headers: request.headers, ...(text ? { body: text } : {}) });
    const response = await handler.fetch(forwarded, { authInfo: auth, ...(body !== undefined ? { parsedBody: body } : {}) });
    return { response, call };
  };

  const fetchHandler = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    // RFC 9728: the path-suffixed document is canonical; the bare one serves clients that try it.
    if (request.method === "GET" && (pathname === new URL(metadataUrl).pathname || pathname === "/.well-known/oauth-protected-resource"))
      return Response.json(metadata);
    if (pathname !== new URL(mcpUrl).pathname) return new Response("Not found", { status: 404 });
    const { response, call } = await serveMcp(request);
    stats.mcpRequests.push({ ...call, status: response.status });
    return response;
  };

  return { listener: toNodeHandler({ fetch: fetchHandler }), close: () => handler.close() };
}

/**
 * Signs in at the authorization server as a browser would, from an authorization URL up to the
 * redirect back to `stopAt` (the client's redirect URI), which it answers with.
 */
export async function signInAtFixture(authorizationUrl: string, stopAt: string, login: string, password: string): Promise<URL> {
  const { request, follow } = fixtureBrowser(stopAt);
  const page = await follow(await request(authorizationUrl), authorizationUrl);
  if (page instanceof URL) return page;
  const html = await page.text();
  const action = /action="([^"]+)"/.exec(html)?.[1];
  if (page.status !== 200 || !action) throw new Error(`expected the login form, got ${page.status}: ${html.slice(0, 300)}`);
  const target = new URL(action, authorizationUrl).href;
  const answer = await request(target, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ login, password }).toString(),
  });
  const back = await follow(answer, target);
  if (!(back instanceof URL)) throw new Error(`expected a redirect to ${stopAt}, got ${back.status}: ${(await back.text()).slice(0, 300)}`);
  return back;
}

export async function startOAuthMcpFixture(options: OAuthMcpFixtureOptions = {}): Promise<OAuthMcpFixture> {
  const ttl = options.accessTokenTtlSeconds ?? 3600;
  if (!Number.isSafeInteger(ttl) || ttl <= 0) throw new Error("accessTokenTtlSeconds must be a positive integer");
  const users = (options.users ?? [{ login: "alice", password: "alice-password" }]).map((user) => ({
    ...user,
    sub: user.sub ?? user.login,
  }));
  const stats: OAuthMcpFixtureStats = { tokenRequests: [], registrations: 0, secrets: [], authorizationRequests: [], mcpRequests: [] };

  // Each URL has to name its real port, which only exists once its server listens, and each
  // server's configuration names the other's URL; so both listen first and get handlers after.
  let handleAs: http.RequestListener = (_req, res) => res.writeHead(503).end();
  let handleMcp: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const asServer = http.createServer((req, res) => handleAs(req, res));
  const mcpServer = http.createServer((req, res) => handleMcp(req, res));
  const issuer = `http://127.0.0.1:${await listen(asServer, options.port)}`;
  let mcpPort: number;
  try {
    mcpPort = await listen(mcpServer, options.mcpPort);
  } catch (error) {
    await closeServer(asServer);
    throw error;
  }
  const mcpUrl = `http://127.0.0.1:${mcpPort}/mcp`;

  handleAs = authorizationServerListener(issuer, mcpUrl, ttl, users, stats);
  const mcp = mcpServerListener(issuer, mcpUrl, stats);
  handleMcp = (req, res) => void mcp.listener(req, res);

  return {
    issuer,
    mcpUrl,
    stats,
    close: async () => {
      await mcp.close();
      await Promise.all([closeServer(mcpServer), closeServer(asServer)]);
    },
  };
}
