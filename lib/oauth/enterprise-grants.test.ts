// What the two assertion grants send (the conformance suite plays them whole against scripted
// authorization servers, test/conformance): the workload's JWT read afresh from its file, the ID
// token to exchange found in a file or in the person's own sign-in, and clear refusals otherwise.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitePerson } from "@/lib/auth/people";
import { database } from "@/lib/db";
import { OAuthSettingsSchema } from "@/lib/domain/server-config";
import { forgetProductSettings } from "@/test/product-settings";
import { idJagFor, workloadAssertion } from "./enterprise-grants";
import { SHARED } from "./oauth-store";

const savedEnv = { ...process.env };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-enterprise-grants-"));
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
/** An unsigned JWT-shaped string with this expiry: only its shape and `exp` are read here. */
const jwt = (exp: number, sub = "someone") => `${b64({ alg: "none" })}.${b64({ sub, exp })}.sig`;
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

beforeAll(() => {
  forgetProductSettings();
  Object.assign(process.env, {
    TOOLSCOPE_DATA_DIR: path.join(dir, "data"),
    TOOLSCOPE_API_TOKEN: `grants-${crypto.randomBytes(8).toString("hex")}`,
  });
});
afterAll(() => {
  process.env = savedEnv;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("workload identity (jwt_bearer)", () => {
  it("reads the workload's JWT again for each token request, as platforms rotate it", async () => {
    const file = path.join(dir, "workload.jwt");
    const settings = OAuthSettingsSchema.parse({ grant: "jwt_bearer", clientId: "workload", assertionFile: file });
    fs.writeFileSync(file, `${jwt(1)}\n`);
    expect(await workloadAssertion(settings)).toBe(jwt(1));
    fs.writeFileSync(file, jwt(2));
    expect(await workloadAssertion(settings)).toBe(jwt(2));
  });

  it("says which file it could not read, or what is wrong with it", async () => {
    const missing = OAuthSettingsSchema.parse({ grant: "jwt_bearer", clientId: "w", assertionFile: path.join(dir, "nope.jwt") });
    await expect(workloadAssertion(missing)).rejects.toThrow(/could not read the workload's JWT from .*nope\.jwt \(ENOENT\)/);
    const file = path.join(dir, "not-a-jwt");
    fs.writeFileSync(file, "hello");
    const wrong = OAuthSettingsSchema.parse({ grant: "jwt_bearer", clientId: "w", assertionFile: file });
    await expect(workloadAssertion(wrong)).rejects.toThrow(/does not hold a JWT/);
  });

  it("is refused by the settings without the file or the client", () => {
    const issues = OAuthSettingsSchema.safeParse({ grant: "jwt_bearer" }).error?.issues.map((issue) => issue.message);
    expect(issues).toEqual([
      "jwt_bearer needs the file that holds the workload's JWT",
      "jwt_bearer needs the client id registered at the server's authorization server",
    ]);
  });
});

describe("enterprise-managed authorization (enterprise)", () => {
  const request = (settings: unknown, principal: string) => ({
    settings: OAuthSettingsSchema.parse(settings),
    principal,
    authorizationServer: "https://as.example",
    resource: "https://mcp.example/mcp",
    scope: undefined,
    fetchFn: (() => Promise.reject(new Error("no network in this test"))) as typeof fetch,
  });
  const enterprise = { grant: "enterprise", clientId: "mcp-client", idpTokenEndpoint: "https://idp.example/token", idpClientId: "ts" };

  it("needs the identity provider and Toolscope's client there", () => {
    const issues = OAuthSettingsSchema.safeParse({ grant: "enterprise", clientId: "c" }).error?.issues.map((issue) => issue.message);
    expect(issues).toEqual([
      "enterprise needs the identity provider's issuer or token endpoint",
      "enterprise needs Toolscope's client id at the identity provider",
    ]);
  });

  it("acts as a person: one authorization for everyone has no ID token to exchange", async () => {
    // A setting to change, not an authorization to ask for.
    await expect(idJagFor(request(enterprise, SHARED))).rejects.toMatchObject({
      code: "bad_request:config",
      message: expect.stringMatching(/acts as a person/),
    });
  });

  it("exchanges the person's ID token from signing in, and asks them to sign in again once it has expired", async () => {
    const { person } = await invitePerson(
      { email: "ines@example.com", role: "operator", password: "generate" },
      { actor: "test", clientIp: null },
    );
    // Never signed in with single sign-on: nothing to exchange.
    await expect(idJagFor(request(enterprise, person.id))).rejects.toMatchObject({
      name: "AuthorizationRequired",
      message: expect.stringMatching(/sign in to Toolscope with single sign-on/),
    });
    const db = await database();
    const row = {
      id: "acct-ines",
      accountId: "idp|ines",
      providerId: "sso",
      userId: person.id,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
    await db
      .insertInto("auth_account")
      .values({ ...row, idToken: jwt(inAnHour(), "idp|ines") } as never)
      .execute();
    // A fresh one goes to the identity provider (whose token endpoint this test cannot reach).
    await expect(idJagFor(request(enterprise, person.id))).rejects.toThrow(/no network in this test/);
    await db
      .updateTable("auth_account")
      .set({ idToken: jwt(Math.floor(Date.now() / 1000) - 10, "idp|ines") })
      .where("id", "=", "acct-ines")
      .execute();
    await expect(idJagFor(request(enterprise, person.id))).rejects.toMatchObject({
      name: "AuthorizationRequired",
      message: expect.stringMatching(/has expired and could not be renewed/),
    });
  });
});
