// Drives the OAuth + MCP fixture the way an MCP client would, with plain fetch, a hand-kept
// cookie jar and the SDK's client, so a broken fixture fails here rather than as a puzzling
// failure in Toolscope's OAuth tests or a Playwright timeout. No Toolscope code is involved.
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  StreamableHTTPClientTransport,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import { startOAuthMcpFixture, type OAuthMcpFixture } from "./oauth-mcp-fixture";
import { fixtureBrowser } from "./oidc-provider-kit";

const REDIRECT_URI = "http://127.0.0.1:9/callback";

type Json = Record<string, unknown>;
type Tokens = { access_token: string; refresh_token?: string; token_type: string; expires_in: number; scope?: string };

const decodeJwt = (jwt: string): Json => JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8")) as Json;
const decodeJwtHeader = (jwt: string): Json => JSON.parse(Buffer.from(jwt.split(".")[0] ?? "", "base64url").toString("utf8")) as Json;

async function discover(fixture: OAuthMcpFixture) {
  const response = await fetch(`${fixture.issuer}/.well-known/oauth-authorization-server`);
  expect(response.status).toBe(200);
  return (await response.json()) as Json & { authorization_endpoint: string; token_endpoint: string; registration_endpoint: string };
}

async function register(fixture: OAuthMcpFixture, metadata: Json = {}) {
  const { registration_endpoint } = await discover(fixture);
  const response = await fetch(registration_endpoint, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: "fixture test",
      redirect_uris: [REDIRECT_URI],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      ...metadata,
    }),
  });
  const client = (await response.json()) as Json & { client_id: string; client_secret?: string };
  expect(response.status, JSON.stringify(client)).toBe(201);
  return client;
}

/** Runs the authorization request up to the redirect back; signs in when a password is given. */
async function authorize(
  fixture: OAuthMcpFixture,
  clientId: string,
  params: { scope?: string; resource?: string },
  password = "alice-password",
): Promise<{ callback: URL; verifier: string }> {
  const { authorization_endpoint } = await discover(fixture);
  const verifier = randomBytes(32).toString("base64url");
  const url = new URL(authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    state: "state-1",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    ...(params.scope !== undefined ? { scope: params.scope } : {}),
    ...(params.resource !== undefined ? { resource: params.resource } : {}),
  }).toString();
  const { request, follow } = fixtureBrowser(REDIRECT_URI);
  const page = await follow(await request(url.href), url.href);
  if (page instanceof URL) return { callback: page, verifier };
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('name="login"');
  expect(html).toContain('name="password"');
  expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
  // Nothing external: no src/href attributes at all, and the form posts to the issuer itself.
  expect(html).not.toMatch(/\s(src|href)=/);
  const action = new URL(/action="([^"]+)"/.exec(html)?.[1] ?? "", fixture.issuer).href;
  expect(action.startsWith(`${fixture.issuer}/interaction/`)).toBe(true);
  const submit = (pw: string) =>
    request(action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ login: "alice", password: pw }).toString(),
    });
  if (password !== "alice-password") {
    const rejected = await submit(password);
    expect(rejected.status).toBe(200);
    const again = await rejected.text();
    expect(again).toContain("Invalid login or password");
    expect(again).toContain('name="password"');
  }
  const callback = await follow(await submit("alice-password"), action);
  if (!(callback instanceof URL)) throw new Error(`expected a redirect to the client, got ${callback.status}: ${await callback.text()}`);
  return { callback, verifier };
}

async function tokenRequest(fixture: OAuthMcpFixture, body: Record<string, string>) {
  const { token_endpoint } = await discover(fixture);
  const response = await fetch(token_endpoint, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

/** DCR + sign-in + code exchange: what an MCP client does after its first 401. */
async function signIn(fixture: OAuthMcpFixture, scope: string) {
  const client = await register(fixture);
  const { callback, verifier } = await authorize(fixture, client.client_id, { scope, resource: fixture.mcpUrl });
  const code = callback.searchParams.get("code");
  expect(code, callback.href).toBeTruthy();
  const { status, body } = await tokenRequest(fixture, {
    grant_type: "authorization_code",
    code: String(code),
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
    client_id: client.client_id,
    resource: fixture.mcpUrl,
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return { clientId: client.client_id, tokens: body as unknown as Tokens };
}

async function connect(fixture: OAuthMcpFixture, accessToken: string, era: "legacy" | "2026" = "legacy") {
  const client = new Client(
    { name: "oauth-fixture-test", version: "1.0.0" },
    { versionNegotiation: { mode: era === "legacy" ? "legacy" : { pin: "2026-07-28" } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(fixture.mcpUrl), { requestInit: { headers: { Authorization: `Bearer ${accessToken}` } } }),
  );
  return client;
}

const toolText = (result: unknown) => {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.map((c) => c.text ?? "").join("");
};

/** One raw JSON-RPC POST, to see the HTTP status and headers the gate answers. */
const rawCall = (fixture: OAuthMcpFixture, body: Json, token?: string) =>
  fetch(fixture.mcpUrl, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, ...body }),
  });

describe("OAuth MCP fixture", () => {
  let fixture: OAuthMcpFixture;
  let shortLived: OAuthMcpFixture;
  let metadataUrl: string;

  beforeAll(async () => {
    [fixture, shortLived] = await Promise.all([startOAuthMcpFixture(), startOAuthMcpFixture({ accessTokenTtlSeconds: 2 })]);
    metadataUrl = `${new URL(fixture.mcpUrl).origin}/.well-known/oauth-protected-resource/mcp`;
  });
  afterAll(async () => {
    await Promise.all([fixture?.close(), shortLived?.close()]);
  });

  it("publishes protected resource and authorization server metadata", async () => {
    expect(fixture.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(fixture.mcpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(new URL(fixture.mcpUrl).port).not.toBe(new URL(fixture.issuer).port);

    const prm = await fetch(metadataUrl);
    expect(prm.status).toBe(200);
    expect(await prm.json()).toEqual({
      resource: fixture.mcpUrl,
      authorization_servers: [fixture.issuer],
      scopes_supported: ["mcp:read", "mcp:admin"],
      bearer_methods_supported: ["header"],
    });

    const oauth = await discover(fixture);
    const oidc = (await (await fetch(`${fixture.issuer}/.well-known/openid-configuration`)).json()) as Json;
    expect(oidc).toEqual(oauth);
    expect(oauth).toMatchObject({
      issuer: fixture.issuer,
      registration_endpoint: `${fixture.issuer}/reg`,
      code_challenge_methods_supported: ["S256"],
      authorization_response_iss_parameter_supported: true,
    });
    expect(oauth.grant_types_supported).toEqual(expect.arrayContaining(["authorization_code", "refresh_token"]));
    expect(oauth.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(["none", "client_secret_basic", "client_secret_post"]),
    );
  });

  it("answers 401 with a resource_metadata challenge without a valid token", async () => {
    const before = fixture.stats.mcpRequests.length;
    const missing = await rawCall(fixture, { method: "tools/list" });
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${metadataUrl}", scope="mcp:read"`);
    expect(await missing.json()).toEqual({ error: "invalid_token" });

    const bad = await rawCall(fixture, { method: "tools/list" }, "not-a-jwt");
    expect(bad.status).toBe(401);
    const challenge = bad.headers.get("www-authenticate") ?? "";
    expect(challenge).toMatch(/^Bearer error="invalid_token", /);
    expect(challenge).toContain(`resource_metadata="${metadataUrl}"`);
    expect(challenge).toContain('scope="mcp:read"');

    const get = await fetch(fixture.mcpUrl, { headers: { accept: "text/event-stream" } });
    expect(get.status).toBe(401);
    const del = await fetch(fixture.mcpUrl, { method: "DELETE" });
    expect(del.status).toBe(401);

    expect(fixture.stats.mcpRequests.slice(before)).toEqual([
      { method: "tools/list", status: 401 },
      { method: "tools/list", status: 401 },
      { status: 401 },
      { status: 401 },
    ]);
  });

  it("registers a public client, signs in with PKCE and a resource, and calls tools", async () => {
    const client = await register(fixture);
    expect(client.token_endpoint_auth_method).toBe("none");
    expect(client.client_secret).toBeUndefined();
    // A wrong password first: the form comes back with an error, then the right one.
    const { callback, verifier } = await authorize(fixture, client.client_id, { scope: "mcp:read", resource: fixture.mcpUrl }, "wrong");
    expect(callback.searchParams.get("state")).toBe("state-1");
    expect(callback.searchParams.get("iss")).toBe(fixture.issuer);
    const code = String(callback.searchParams.get("code"));

    // PKCE is enforced: a wrong verifier is refused (the code survives it: oidc-provider consumes
    // a code only on success).
    const wrongVerifier = await tokenRequest(fixture, {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: randomBytes(32).toString("base64url"),
      client_id: client.client_id,
      resource: fixture.mcpUrl,
    });
    expect(wrongVerifier.status).toBe(400);
    expect(wrongVerifier.body.error).toBe("invalid_grant");

    const { status, body } = await tokenRequest(fixture, {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      client_id: client.client_id,
      resource: fixture.mcpUrl,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const tokens = body as unknown as Tokens;
    expect(tokens.token_type).toBe("Bearer");
    expect(tokens.expires_in).toBeGreaterThan(3500);
    expect(tokens.scope).toBe("mcp:read");
    expect(tokens.refresh_token).toBeTruthy();
    expect(decodeJwtHeader(tokens.access_token)).toMatchObject({ typ: "at+jwt", alg: "RS256" });
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      iss: fixture.issuer,
      aud: fixture.mcpUrl,
      sub: "alice",
      scope: "mcp:read",
      client_id: client.client_id,
    });

    const mcp = await connect(fixture, tokens.access_token);
    try {
      const { tools } = await mcp.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(["admin_reset", "echo", "whoami"]);
      expect(toolText(await mcp.callTool({ name: "whoami", arguments: {} }))).toBe("sub=alice scopes=mcp:read");
      expect(toolText(await mcp.callTool({ name: "echo", arguments: { text: "hello" } }))).toBe("hello");
      await expect(mcp.callTool({ name: "admin_reset", arguments: {} })).rejects.toThrow();
    } finally {
      await mcp.close();
    }

    // The 403 as the HTTP layer answers it.
    const refused = await rawCall(fixture, { method: "tools/call", params: { name: "admin_reset", arguments: {} } }, tokens.access_token);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("www-authenticate")).toBe(
      `Bearer error="insufficient_scope", scope="mcp:read mcp:admin", resource_metadata="${metadataUrl}"`,
    );

    // The same token also works with a client speaking the 2026-07-28 revision.
    const modern = await connect(fixture, tokens.access_token, "2026");
    try {
      expect(toolText(await modern.callTool({ name: "whoami", arguments: {} }))).toBe("sub=alice scopes=mcp:read");
    } finally {
      await modern.close();
    }

    const methods = fixture.stats.mcpRequests.map((r) => r.method);
    expect(methods).toEqual(expect.arrayContaining(["initialize", "tools/list", "tools/call"]));
    expect(fixture.stats.mcpRequests).toEqual(
      expect.arrayContaining([
        { method: "tools/call", tool: "whoami", status: 200 },
        { method: "tools/call", tool: "admin_reset", status: 403 },
      ]),
    );
    expect(fixture.stats.authorizationRequests).toContainEqual({ scope: "mcp:read", resource: fixture.mcpUrl, clientId: client.client_id });
    expect(fixture.stats.tokenRequests.filter((t) => t.grantType === "authorization_code")).toContainEqual({
      grantType: "authorization_code",
      resource: fixture.mcpUrl,
    });

    // Refresh: a new access token that works, a rotated refresh token, the old one spent.
    const refreshed = await tokenRequest(fixture, {
      grant_type: "refresh_token",
      refresh_token: String(tokens.refresh_token),
      client_id: client.client_id,
    });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const next = refreshed.body as unknown as Tokens;
    expect(next.access_token).not.toBe(tokens.access_token);
    expect(next.refresh_token).toBeTruthy();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(next.access_token)).toMatchObject({ aud: fixture.mcpUrl, scope: "mcp:read", sub: "alice" });
    const afterRefresh = await connect(fixture, next.access_token);
    try {
      expect(toolText(await afterRefresh.callTool({ name: "whoami", arguments: {} }))).toBe("sub=alice scopes=mcp:read");
    } finally {
      await afterRefresh.close();
    }
    const reused = await tokenRequest(fixture, {
      grant_type: "refresh_token",
      refresh_token: String(tokens.refresh_token),
      client_id: client.client_id,
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe("invalid_grant");
    expect(fixture.stats.tokenRequests.filter((t) => t.grantType === "refresh_token")).toHaveLength(2);
    expect(fixture.stats.registrations).toBeGreaterThanOrEqual(1);
  });

  it("grants mcp:admin only when asked for, and then admin_reset works", async () => {
    const registrationsBefore = fixture.stats.registrations;
    const { tokens } = await signIn(fixture, "mcp:read mcp:admin");
    expect(fixture.stats.registrations).toBe(registrationsBefore + 1);
    expect(decodeJwt(tokens.access_token).scope).toBe("mcp:read mcp:admin");
    const mcp = await connect(fixture, tokens.access_token);
    try {
      expect(toolText(await mcp.callTool({ name: "whoami", arguments: {} }))).toBe("sub=alice scopes=mcp:read mcp:admin");
      expect(toolText(await mcp.callTool({ name: "admin_reset", arguments: {} }))).toBe("reset done");
    } finally {
      await mcp.close();
    }
  });

  it("accepts confidential clients and a registered scope, which does not cap later requests", async () => {
    // What the SDK's client sends: the challenge's scope plus offline_access.
    const client = await register(fixture, { token_endpoint_auth_method: "client_secret_basic", scope: "mcp:read offline_access" });
    expect(client.token_endpoint_auth_method).toBe("client_secret_basic");
    expect(client.client_secret).toEqual(expect.any(String));
    expect(client.scope).toBeUndefined();
    const { callback, verifier } = await authorize(fixture, client.client_id, { scope: "mcp:read mcp:admin", resource: fixture.mcpUrl });
    const { token_endpoint } = await discover(fixture);
    const response = await fetch(token_endpoint, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: String(callback.searchParams.get("code")),
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      }),
    });
    const tokens = (await response.json()) as Tokens;
    expect(response.status, JSON.stringify(tokens)).toBe(200);
    // No resource in the token request: the one the authorization named still applies.
    expect(decodeJwt(tokens.access_token)).toMatchObject({ aud: fixture.mcpUrl, scope: "mcp:read mcp:admin", client_id: client.client_id });
    expect(tokens.refresh_token).toBeTruthy();
  });

  it("refuses other resources and gives no MCP token to a client that names no resource", async () => {
    const client = await register(fixture);
    const other = await authorize(fixture, client.client_id, { scope: "mcp:read", resource: "http://127.0.0.1:9/elsewhere" });
    expect(other.callback.searchParams.get("error")).toBe("invalid_target");

    const none = await authorize(fixture, client.client_id, { scope: "mcp:read" });
    expect(none.callback.searchParams.get("code")).toBeNull();
    expect(none.callback.searchParams.get("error")).toBe("access_denied");

    const noScope = await authorize(fixture, client.client_id, { resource: fixture.mcpUrl });
    expect(noScope.callback.searchParams.get("error")).toBe("access_denied");

    // With openid the sign-in succeeds, but the token is an opaque userinfo token.
    const oidc = await authorize(fixture, client.client_id, { scope: "openid mcp:read" });
    const { status, body } = await tokenRequest(fixture, {
      grant_type: "authorization_code",
      code: String(oidc.callback.searchParams.get("code")),
      redirect_uri: REDIRECT_URI,
      code_verifier: oidc.verifier,
      client_id: client.client_id,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.scope).toBe("openid");
    expect(String(body.access_token)).not.toContain(".");
    const refused = await rawCall(fixture, { method: "tools/list" }, String(body.access_token));
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
  });

  it("works with the SDK's own OAuth client: discovery, DCR, sign-in, refresh on 401, step-up on 403", async () => {
    const fresh = await startOAuthMcpFixture({ accessTokenTtlSeconds: 2 });
    try {
      let information: StoredOAuthClientInformation | undefined;
      let tokens: StoredOAuthTokens | undefined;
      let verifier = "";
      let discovery: OAuthDiscoveryState | undefined;
      let authorizationUrl: URL | undefined;
      const provider: OAuthClientProvider = {
        redirectUrl: REDIRECT_URI,
        clientMetadata: {
          client_name: "fixture test (SDK)",
          redirect_uris: [REDIRECT_URI],
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"],
          token_endpoint_auth_method: "none",
        },
        clientInformation: () => information,
        saveClientInformation: (value) => void (information = value),
        tokens: () => tokens,
        saveTokens: (value) => void (tokens = value),
        redirectToAuthorization: (url) => void (authorizationUrl = url),
        saveCodeVerifier: (value) => void (verifier = value),
        codeVerifier: () => verifier,
        saveDiscoveryState: (value) => void (discovery = value),
        discoveryState: () => discovery,
      };
      // The browser's part: sign in at the URL the SDK built, hand the callback back to it.
      const connectWithSignIn = async (call: (client: Client) => Promise<unknown>) => {
        let transport = new StreamableHTTPClientTransport(new URL(fresh.mcpUrl), { authProvider: provider });
        let client = new Client({ name: "oauth-fixture-test", version: "1.0.0" }, { versionNegotiation: { mode: "legacy" } });
        authorizationUrl = undefined;
        try {
          await client.connect(transport);
          return await call(client);
        } catch (error) {
          if (!authorizationUrl) throw error;
          await client.close();
          const { request, follow } = fixtureBrowser(REDIRECT_URI);
          const url: URL = authorizationUrl;
          const page = await follow(await request(url.href), url.href);
          if (page instanceof URL) throw new Error(`expected the login form, got ${page.href}`);
          const action = new URL(/action="([^"]+)"/.exec(await page.text())?.[1] ?? "", fresh.issuer).href;
          const body = new URLSearchParams({ login: "alice", password: "alice-password" }).toString();
          const post = { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body };
          const callback = await follow(await request(action, post), action);
          if (!(callback instanceof URL)) throw new Error(`expected a redirect to the client, got ${callback.status}`);
          await transport.finishAuth(callback.searchParams);
          transport = new StreamableHTTPClientTransport(new URL(fresh.mcpUrl), { authProvider: provider });
          client = new Client({ name: "oauth-fixture-test", version: "1.0.0" }, { versionNegotiation: { mode: "legacy" } });
          await client.connect(transport);
          return await call(client);
        } finally {
          await client.close();
        }
      };

      expect(toolText(await connectWithSignIn((c) => c.callTool({ name: "whoami", arguments: {} })))).toBe("sub=alice scopes=mcp:read");
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      // Expired: the SDK refreshes on the 401 by itself, no sign-in.
      expect(toolText(await connectWithSignIn((c) => c.callTool({ name: "whoami", arguments: {} })))).toBe("sub=alice scopes=mcp:read");
      expect(fresh.stats.authorizationRequests).toHaveLength(1);
      expect(fresh.stats.tokenRequests.map((t) => t.grantType)).toEqual(["authorization_code", "refresh_token"]);
      // Step-up: the 403 makes the SDK authorize again with mcp:admin added.
      expect(toolText(await connectWithSignIn((c) => c.callTool({ name: "admin_reset", arguments: {} })))).toBe("reset done");
      expect(fresh.stats.registrations).toBe(1);
      expect(fresh.stats.authorizationRequests.map((a) => a.scope)).toEqual([
        "mcp:read offline_access",
        "mcp:read mcp:admin offline_access",
      ]);
      expect(fresh.stats.authorizationRequests.every((a) => a.resource === fresh.mcpUrl)).toBe(true);
      expect(fresh.stats.mcpRequests).toContainEqual({ method: "tools/call", tool: "admin_reset", status: 403 });
    } finally {
      await fresh.close();
    }
  });

  it("lets access tokens expire after accessTokenTtlSeconds, and a refresh revives access", async () => {
    const { clientId, tokens } = await signIn(shortLived, "mcp:read");
    expect(tokens.expires_in).toBe(2);
    const fresh = await rawCall(shortLived, { method: "tools/list" }, tokens.access_token);
    // Stateless legacy serving answers a tools/list without initialize; what matters is not 401.
    expect(fresh.status).not.toBe(401);

    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const expired = await rawCall(shortLived, { method: "tools/list" }, tokens.access_token);
    expect(expired.status).toBe(401);
    expect(expired.headers.get("www-authenticate")).toMatch(
      /^Bearer error="invalid_token", error_description="the access token expired", /,
    );

    const refreshed = await tokenRequest(shortLived, {
      grant_type: "refresh_token",
      refresh_token: String(tokens.refresh_token),
      client_id: clientId,
    });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const mcp = await connect(shortLived, (refreshed.body as unknown as Tokens).access_token);
    try {
      expect(toolText(await mcp.callTool({ name: "whoami", arguments: {} }))).toBe("sub=alice scopes=mcp:read");
    } finally {
      await mcp.close();
    }
  });
});
