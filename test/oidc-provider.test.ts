// Drives the test OIDC provider through a whole authorization-code + PKCE sign-in with plain
// fetch and a hand-kept cookie jar, so a broken provider fails here rather than as a puzzling
// Playwright timeout.
import { fixtureBrowser } from "./oidc-provider-kit";
import { createHash, randomBytes } from "node:crypto";
import { describe, it, expect } from "vitest";
import { startOidcProvider } from "./oidc-provider";

const REDIRECT_URI = "http://127.0.0.1:3456/api/auth/callback/sso";

const browser = () => fixtureBrowser(REDIRECT_URI);

function decodeJwtPayload(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
}

describe("test OIDC provider", () => {
  it("signs a user in through discovery, a login form and an authorization code with PKCE", async () => {
    const op = await startOidcProvider({
      redirectUris: [REDIRECT_URI],
      users: [{ sub: "u-1", email: "ada@example.test", name: "Ada Lovelace", password: "correct horse", groups: ["engineers"] }],
    });
    try {
      expect(op.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const discovery = (await (await fetch(`${op.issuer}/.well-known/openid-configuration`)).json()) as Record<string, string>;
      expect(discovery.issuer).toBe(op.issuer);
      expect(discovery.authorization_endpoint).toBe(`${op.issuer}/auth`);
      const tokenEndpoint = String(discovery.token_endpoint);

      const { request, follow } = browser();
      const withoutPkce = new URL(String(discovery.authorization_endpoint));
      withoutPkce.search = new URLSearchParams({
        client_id: op.clientId,
        redirect_uri: REDIRECT_URI,
        response_type: "code",
        scope: "openid",
      }).toString();
      const refused = await follow(await request(withoutPkce.href), withoutPkce.href);
      if (!(refused instanceof URL)) throw new Error(`expected an error redirect to the RP, got ${refused.status}`);
      expect(refused.searchParams.get("error_description")).toMatch(/PKCE/);

      const verifier = randomBytes(32).toString("base64url");
      const authorize = new URL(String(discovery.authorization_endpoint));
      authorize.search = new URLSearchParams({
        client_id: op.clientId,
        redirect_uri: REDIRECT_URI,
        response_type: "code",
        scope: "openid email profile groups",
        state: "state-123",
        nonce: "nonce-456",
        code_challenge: createHash("sha256").update(verifier).digest("base64url"),
        code_challenge_method: "S256",
      }).toString();

      const loginPage = await follow(await request(authorize.href), authorize.href);
      if (!(loginPage instanceof Response)) throw new Error(`expected the login form, got a redirect to ${loginPage.href}`);
      expect(loginPage.status).toBe(200);
      const html = await loginPage.text();
      expect(html).toContain('id="login"');
      expect(html).toContain("Sign in");
      const action = new URL(/action="([^"]+)"/.exec(html)?.[1] ?? "", op.issuer).href;

      const submit = (password: string) =>
        request(action, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ login: "ada@example.test", password }).toString(),
        });
      const rejected = await submit("wrong");
      expect(rejected.status).toBe(200);
      expect(await rejected.text()).toContain("Invalid email or password");

      const callback = await follow(await submit("correct horse"), action);
      if (!(callback instanceof URL)) throw new Error(`expected a redirect to the RP, got ${callback.status}: ${await callback.text()}`);
      expect(callback.searchParams.get("state")).toBe("state-123");
      const code = callback.searchParams.get("code");
      expect(code).toBeTruthy();

      // client_secret_basic here; the refresh below uses client_secret_post, so both are covered.
      const tokenResponse = await fetch(tokenEndpoint, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${op.clientId}:${op.clientSecret}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: String(code),
          redirect_uri: REDIRECT_URI,
          code_verifier: verifier,
        }),
      });
      const tokens = (await tokenResponse.json()) as Record<string, string>;
      expect(tokenResponse.status, JSON.stringify(tokens)).toBe(200);

      expect(decodeJwtPayload(String(tokens.id_token))).toMatchObject({
        iss: op.issuer,
        aud: op.clientId,
        sub: "u-1",
        email: "ada@example.test",
        email_verified: true,
        name: "Ada Lovelace",
        groups: ["engineers"],
        nonce: "nonce-456",
      });

      const userinfo = await fetch(String(discovery.userinfo_endpoint), { headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(await userinfo.json()).toMatchObject({ sub: "u-1", email: "ada@example.test", name: "Ada Lovelace", groups: ["engineers"] });

      const refreshed = await fetch(tokenEndpoint, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: String(tokens.refresh_token),
          client_id: op.clientId,
          client_secret: op.clientSecret,
        }),
      });
      expect(refreshed.status, await refreshed.clone().text()).toBe(200);
    } finally {
      await op.close();
    }
  });
});
