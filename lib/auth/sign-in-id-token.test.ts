// The ID token enterprise-managed authorization exchanges is the person's own from single sign-on
// (lib/auth/sign-in-id-token.ts); an ID token lives an hour, so one near its end is renewed with
// the sign-in's refresh token, through better-auth, against a real OpenID provider, and kept.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { invitePerson } from "@/lib/auth/people";
import { database } from "@/lib/db";
import { startOidcProvider, type TestOidcProvider } from "@/test/oidc-provider";
import { fixtureBrowser } from "@/test/oidc-provider-kit";
import { forgetProductSettings } from "@/test/product-settings";
import { signInIdToken } from "./sign-in-id-token";

const savedEnv = { ...process.env };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-id-token-"));
const BASE = "http://127.0.0.1:39117";
const REDIRECT_URI = `${BASE}/api/auth/callback/sso`;
let op: TestOidcProvider;

beforeAll(async () => {
  forgetProductSettings();
  op = await startOidcProvider({
    redirectUris: [REDIRECT_URI],
    users: [{ sub: "u-ines", email: "ines@example.test", name: "Ines", password: "correct horse" }],
  });
  Object.assign(process.env, {
    TOOLSCOPE_DATA_DIR: dataDir,
    TOOLSCOPE_PUBLIC_URL: BASE,
    TOOLSCOPE_OIDC_ISSUER: op.issuer,
    TOOLSCOPE_OIDC_CLIENT_ID: op.clientId,
    TOOLSCOPE_OIDC_CLIENT_SECRET: op.clientSecret,
  });
});

afterAll(async () => {
  await op?.close();
  process.env = savedEnv;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Ines signs in at the provider as better-auth sends her to: what its token endpoint answers. */
async function signInAtProvider(): Promise<Record<string, string>> {
  const discovery = (await (await fetch(`${op.issuer}/.well-known/openid-configuration`)).json()) as Record<string, string>;
  const { request, follow } = fixtureBrowser(REDIRECT_URI);
  const verifier = randomBytes(32).toString("base64url");
  const authorize = new URL(discovery.authorization_endpoint!);
  authorize.search = new URLSearchParams({
    client_id: op.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: "openid email profile",
    state: "s",
    nonce: "n",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }).toString();
  const login = await follow(await request(authorize.href), authorize.href);
  if (!(login instanceof Response)) throw new Error("expected the provider's sign-in form");
  const action = new URL(/action="([^"]+)"/.exec(await login.text())?.[1] ?? "", op.issuer).href;
  const body = new URLSearchParams({ login: "ines@example.test", password: "correct horse" }).toString();
  const back = await follow(
    await request(action, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body }),
    action,
  );
  if (!(back instanceof URL)) throw new Error("expected the redirect back to Toolscope");
  const answer = await fetch(discovery.token_endpoint!, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: back.searchParams.get("code") ?? "",
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      client_id: op.clientId,
      client_secret: op.clientSecret,
    }),
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as Record<string, string>;
}

it("renews an ID token near its end with the sign-in's refresh token, and keeps the new one", async () => {
  const tokens = await signInAtProvider();
  expect(tokens.refresh_token, "the provider issues refresh tokens").toBeTruthy();
  const { person } = await invitePerson(
    { email: "ines@example.test", role: "operator", password: "generate" },
    { actor: "test", clientIp: null },
  );
  const db = await database();
  // The account better-auth keeps after that sign-in, its ID token an hour old (past its exp).
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const stale = `${b64({ alg: "RS256" })}.${b64({ sub: "u-ines", exp: Math.floor(Date.now() / 1000) - 60 })}.sig`;
  const now = new Date().toISOString();
  await db
    .insertInto("auth_account")
    .values({
      id: "acct-ines",
      accountId: "u-ines",
      providerId: "sso",
      userId: person.id,
      idToken: stale,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      accessTokenExpiresAt: new Date(Date.now() - 60_000).toISOString(),
      scope: "openid,email,profile",
      createdAt: now,
      updatedAt: now,
    } as never)
    .execute();

  const renewed = await signInIdToken(person.id);
  expect(renewed).not.toBe(stale);
  const claims = decodeJwt(renewed);
  expect(claims).toMatchObject({ iss: op.issuer, sub: "u-ines", aud: op.clientId });
  expect(claims.exp! * 1000).toBeGreaterThan(Date.now() + 30 * 60_000);
  const kept = await db.selectFrom("auth_account").select("idToken").where("id", "=", "acct-ines").executeTakeFirstOrThrow();
  expect(kept.idToken).toBe(renewed);
  // Fresh now: given as it is, with no second refresh.
  expect(await signInIdToken(person.id)).toBe(renewed);
});
