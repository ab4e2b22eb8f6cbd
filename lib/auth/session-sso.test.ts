// Password sign-in while single sign-on is configured, as the process runs in production: one
// better-auth instance per process (lib/process-wide.ts), built by whichever copy of lib/ asks
// first. The front door's bundle (server.ts, better-auth imported from node_modules) answers the
// browser legs of single sign-on and reads every session cookie, so once someone has started a
// single sign-on the instance is usually the front door's; the password sign-in runs in Next's
// route bundle, which carries a copy of better-auth of its own: the errors the instance throws
// are of another copy's APIError class. Here the front door's copy is a second copy of
// better-auth, better-call and @better-auth/* on disk, loaded under vi.doMock, and it starts a
// single sign-on against a real OpenID provider before anyone signs in.
// Issue 43: a wrong password was answered 500, and never counted nor audited.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startOidcProvider, type TestOidcProvider } from "@/test/oidc-provider";
import { forgetProductSettings } from "@/test/product-settings";

/** Every better-auth package lib/ imports, by the specifier it imports it with. */
const AUTH_PACKAGES = [
  "better-auth",
  "better-auth/api",
  "better-auth/oauth2",
  "better-auth/plugins",
  "better-call",
  "better-call/node",
  "@better-auth/cimd",
  "@better-auth/cimd/node",
  "@better-auth/kysely-adapter",
  "@better-auth/mcp",
  "@better-auth/oauth-provider",
];
const COPIED = new Set(["better-auth", "better-call", "@better-auth"]);

const savedEnv = { ...process.env };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-session-sso-"));
const copyDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-auth-copy-"));
let idp: TestOidcProvider;
let otherCopy: { APIError: unknown };

/**
 * A second node_modules: better-auth, better-call and @better-auth/* copied (their own module
 * instances, classes included), every other package linked to the real one. Returns a resolver
 * that resolves a specifier from inside it, as its own imports are.
 */
async function copyOfAuthPackages(): Promise<(specifier: string) => string> {
  const from = path.resolve("node_modules");
  const to = path.join(copyDir, "node_modules");
  fs.mkdirSync(to);
  for (const name of fs.readdirSync(from)) {
    if (COPIED.has(name)) fs.cpSync(path.join(from, name), path.join(to, name), { recursive: true });
    else fs.symlinkSync(path.join(from, name), path.join(to, name));
  }
  const resolver = path.join(copyDir, "resolve.mjs");
  fs.writeFileSync(resolver, "export const resolve = (specifier) => import.meta.resolve(specifier);\n");
  return ((await import(pathToFileURL(resolver).href)) as { resolve: (specifier: string) => string }).resolve;
}

/** The front door's copy of lib/ and of better-auth starts a single sign-on, building the process's instance. */
async function startSingleSignOnInOtherCopy(): Promise<void> {
  const resolve = await copyOfAuthPackages();
  for (const specifier of AUTH_PACKAGES) vi.doMock(specifier, () => import(resolve(specifier)));
  vi.resetModules();
  otherCopy = (await import(resolve("better-auth"))) as { APIError: unknown };
  const { serveAuth } = await import("@/lib/server/auth-endpoint");
  const server = http.createServer((request, response) => void serveAuth(request, response));
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const started = await fetch(`${base}/api/auth/sign-in/social`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ provider: "sso", callbackURL: "/" }),
    });
    const { url } = (await started.json()) as { url?: string };
    expect(url).toMatch(new RegExp(`^${idp.issuer}/auth\\?`));
  } finally {
    await new Promise((closed) => server.close(closed));
  }
  for (const specifier of AUTH_PACKAGES) vi.doUnmock(specifier);
  // From here on, modules are Next's copy: lib/ again, with the real node_modules.
  vi.resetModules();
}

beforeAll(async () => {
  forgetProductSettings();
  idp = await startOidcProvider({ redirectUris: ["http://127.0.0.1:3000/api/auth/callback/sso"], users: [] });
  Object.assign(process.env, {
    TOOLSCOPE_DATA_DIR: dataDir,
    TOOLSCOPE_DEMO_SERVER: "off",
    TOOLSCOPE_API_TOKEN: "bootstrap-secret-for-sso",
    TOOLSCOPE_PUBLIC_URL: "http://127.0.0.1:3000",
    TOOLSCOPE_OIDC_ISSUER: idp.issuer,
    TOOLSCOPE_OIDC_CLIENT_ID: idp.clientId,
    TOOLSCOPE_OIDC_CLIENT_SECRET: idp.clientSecret,
    TOOLSCOPE_OIDC_NAME: "Test IdP",
  });
  await startSingleSignOnInOtherCopy();
});

afterAll(async () => {
  await idp.close();
  process.env = savedEnv;
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(copyDir, { recursive: true, force: true });
});

describe("password sign-in with single sign-on configured, the instance built by the front door's copy", () => {
  it("answers a wrong password 401, counts and audits it, and refuses the account once it is out of attempts", async () => {
    const { APIError } = await import("better-auth");
    // The situation under test: the instance's errors are not of this copy's class.
    expect(otherCopy.APIError).not.toBe(APIError);

    const { POST } = await import("@/app/api/session/route");
    const { CALLER_HEADER, encodeCaller } = await import("@/lib/http/caller-header");
    const { ANONYMOUS } = await import("@/lib/domain/roles");
    const { invitePerson } = await import("./people");
    const { ACCOUNT_FAILURES } = await import("./throttle");
    const { auditStore } = await import("@/lib/audit");

    const email = "pat@example.com";
    const { password } = await invitePerson({ email, role: "operator", password: "generate" }, { actor: "test", clientIp: null });
    const signIn = async (body: object, clientIp: string): Promise<{ status: number; code?: string }> => {
      const answer = await POST(
        new Request("http://127.0.0.1:3000/api/session", {
          method: "POST",
          headers: { "content-type": "application/json", [CALLER_HEADER]: encodeCaller({ ...ANONYMOUS, clientIp }) },
          body: JSON.stringify(body),
        }),
      );
      const json = (await answer.json()) as { error?: { code: string } };
      return { status: answer.status, code: json.error?.code };
    };

    expect(await signIn({ email, password }, "10.3.0.1")).toMatchObject({ status: 200 });
    for (let i = 0; i < ACCOUNT_FAILURES; i++) {
      expect(await signIn({ email, password: `wrong-${i}` }, `10.3.1.${i}`)).toEqual({ status: 401, code: "unauthorized:credentials" });
    }
    const failures = await (await auditStore()).listInvocations({ kind: "sign_in_failed" });
    expect(failures.map((record) => JSON.parse(record.arguments) as Record<string, unknown>)).toEqual(
      Array.from({ length: ACCOUNT_FAILURES }, () => expect.objectContaining({ subject: email, reason: "unauthorized:credentials" })),
    );
    // Out of attempts: the right password is refused too.
    expect(await signIn({ email, password }, "10.3.2.1")).toEqual({ status: 429, code: "too_many_requests:sign_in" });
  });

  it("answers a wrong current password 400 when changing it", async () => {
    const { invitePerson } = await import("./people");
    const { changePassword, signIn } = await import("./session");
    const { identify } = await import("./identify");
    const email = "quin@example.com";
    const { password } = await invitePerson({ email, role: "viewer", password: "generate" }, { actor: "test", clientIp: null });
    const { setCookies } = await signIn({ email, password: password! }, { headers: new Headers(), clientIp: "10.3.3.1" });
    const cookie = setCookies.map((c) => c.split(";")[0]).join("; ");
    const { caller } = await identify({ headers: new Headers({ cookie }), clientIp: "10.3.3.1" });
    const refused = await changePassword(
      caller,
      { currentPassword: "not-the-password", newPassword: "another-password-1" },
      new Headers({ cookie }),
    ).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400, code: "bad_request:body" });
  });
});
