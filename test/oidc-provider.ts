// A real OpenID Connect provider on loopback, so tests can sign in to Toolscope through the same
// redirect dance a browser does against a production IdP (discovery, PKCE, state, nonce, signed
// id_token, token endpoint client auth) instead of stubbing better-auth's genericOAuth plugin.
// It is `oidc-provider` (a certified OP) with an in-memory store, its own keys, a bare login form
// and consent granted automatically.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
// Importing it prints "Unsupported runtime. Use Node.js v22.x LTS" on Node 20; it works there (the
// test next to this file runs on 20); the notice only states its support policy.
// @ts-expect-error -- oidc-provider ships no types and @types/oidc-provider is not installed; the
// few members used here are typed by hand below.
import Provider from "oidc-provider";
import { escapeHtml, interactionHandler, memoryAdapter, signingJwk, type InteractionApi } from "./oidc-provider-kit";

export type TestUser = { sub: string; email: string; name: string; password: string; groups?: string[]; emailVerified?: boolean };

export type TestOidcProvider = {
  /** e.g. "http://127.0.0.1:41234", no trailing slash. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
};

// The slice of oidc-provider's API this file touches (the interaction pages' part is in the kit).
type ProviderApi = InteractionApi & {
  callback(): http.RequestListener;
  on(event: "server_error", listener: (ctx: unknown, error: Error) => void): void;
};
const OidcProvider = Provider as new (issuer: string, configuration: Record<string, unknown>) => ProviderApi;

function loginPage(uid: string, login: string, error?: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Test OIDC provider: sign in</title></head>
<body>
<h1>Sign in</h1>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/interaction/${encodeURIComponent(uid)}/login">
<label>Email <input id="login" name="login" type="email" autocomplete="username" value="${escapeHtml(login)}" autofocus></label>
<label>Password <input id="password" name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Sign in</button>
</form>
</body></html>`;
}

export async function startOidcProvider(options: {
  redirectUris: string[];
  users: TestUser[];
  port?: number;
  clientId?: string;
  clientSecret?: string;
}): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? "toolscope-test";
  // Hex, so it survives the form-urlencoding RFC 6749 applies to Basic credentials unchanged.
  const clientSecret = options.clientSecret ?? randomBytes(24).toString("hex");
  const bySub = new Map(options.users.map((user) => [user.sub, user]));

  // The issuer has to name the real port, which only exists once the server listens.
  let handle: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handle(req, res));
  // As in test/oauth-mcp-fixture.ts: no idle connection closed under a busy client reusing it.
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 121_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new OidcProvider(issuer, {
    adapter: memoryAdapter(),
    // A copy, because oidc-provider normalises the keys it is handed in place.
    jwks: { keys: [{ ...signingJwk() }] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ["code"],
        grant_types: ["authorization_code", "refresh_token"],
        // better-auth's genericOAuth sends client_secret_post when given a secret and no
        // `authentication` option (core/oauth2/token-endpoint-auth). oidc-provider accepts either
        // secret method from a client registered with one of them, so post and basic both work.
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"], groups: ["groups"] },
    // Relying parties (better-auth included) read the profile from the id_token when it carries
    // sub and email, so the scoped claims go there too, not only to userinfo.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // Issue refresh tokens without offline_access, which better-auth does not ask for.
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed("refresh_token"),
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // Cookies ignore ports, so the OP's would share a jar with Toolscope's on 127.0.0.1; prefixed
    // names keep them apart. They are not `secure` because the issuer is plain http.
    cookies: {
      names: { session: "test_op_session", interaction: "test_op_interaction", resume: "test_op_interaction_resume" },
      keys: [randomBytes(32).toString("hex")],
    },
    // Set explicitly so oidc-provider does not print a "you SHOULD change it" notice per default.
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      RefreshToken: 86_400,
      Interaction: 600,
      Session: 86_400,
      Grant: 86_400,
    },
    clientBasedCORS: () => false,
    findAccount: async (_ctx: unknown, sub: string) => {
      const user = bySub.get(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        // oidc-provider filters these down to what the granted scopes allow.
        claims: async () => ({
          sub,
          email: user.email,
          email_verified: user.emailVerified ?? true,
          name: user.name,
          ...(user.groups ? { groups: user.groups } : {}),
        }),
      };
    },
    renderError: async (ctx: { type: string; body: unknown }, out: Record<string, string>) => {
      ctx.type = "html";
      ctx.body = `<!doctype html><title>Test OIDC provider error</title><pre>${escapeHtml(JSON.stringify(out, null, 2))}</pre>`;
    },
  });
  // Without this a 500 inside the provider shows up in a test only as a blank error page.
  provider.on("server_error", (_ctx, error) => console.error("test OIDC provider:", error));
  const providerCallback = provider.callback();

  const interact = interactionHandler(provider, {
    loginPage,
    authenticate: (login, password) =>
      options.users.find((u) => u.email.toLowerCase() === login.toLowerCase() && u.password === password)?.sub,
    invalid: "Invalid email or password",
    name: "test provider",
  });

  handle = (req, res) => {
    const match = /^\/interaction\/[^/?]+(?:\/([^/?]+))?(?:\?|$)/.exec(req.url ?? "");
    if (!match) return providerCallback(req, res);
    interact(req, res, match[1]).catch((error: unknown) => {
      // Typically an expired or unknown interaction (e.g. the browser went back); say so plainly.
      if (!res.headersSent) res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
      res.end(`Interaction failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  };

  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
