// A hosted Toolscope with people: the first admin made on the command line, a password sign-in,
// single sign-on through a real OpenID provider on loopback (oidc-provider) by the browser's own
// redirects, an operator's call named in the audit log, and a personal token an admin revokes.
// Runs its own Toolscope (demo server on) and its own identity provider, both stopped at the end.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./test";
import { type Browser, type Page } from "@playwright/test";
import { startOidcProvider, type TestOidcProvider } from "../test/oidc-provider";
import { startOwnToolscope, type OwnToolscope } from "./own-toolscope";
import { createUser, runUserCreate } from "./user-create";
import { signInWithPassword as signIn } from "./sign-in";
import { e2ePort } from "./ports";
import { expectAccessibleInBothThemes } from "./accessible";

const PORT = e2ePort("TOOLSCOPE_E2E_PEOPLE_PORT", 3187);
const BASE = `http://127.0.0.1:${PORT}`;
const OLGA = {
  sub: "u-olga",
  email: "olga@example.com",
  name: "Olga Operator",
  password: "olga-passphrase",
  groups: ["toolscope-operators"],
};
const MAL = { sub: "u-mal", email: "mal@elsewhere.example", name: "Mal", password: "mal-passphrase" };
// The provider asserts (and says it verified) the bootstrap admin's reserved address.
const CLAIMER = { sub: "u-claimer", email: "Bootstrap@Toolscope.invalid", name: "Claimer", password: "claimer-passphrase" };
const UNVERIFIED = { sub: "u-eve", email: "eve@example.com", name: "Eve", password: "eve-passphrase", emailVerified: false };

let idp: TestOidcProvider | undefined;
let server: OwnToolscope | undefined;
let dataDir = "";
let adminPassword = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-people-"));
  // The first admin of a fresh install, as the README says: no network, a one-time password.
  adminPassword = createUser(dataDir, "ada@example.com", ["--admin", "--name", "Ada Admin"]);
  expect(adminPassword).toMatch(/^\S{20}$/);

  idp = await startOidcProvider({ redirectUris: [`${BASE}/api/auth/callback/sso`], users: [OLGA, MAL, CLAIMER, UNVERIFIED] });
  server = await startOwnToolscope({
    port: PORT,
    dataDir,
    env: {
      TOOLSCOPE_DEMO_SERVER: "on",
      TOOLSCOPE_OIDC_ISSUER: idp.issuer,
      TOOLSCOPE_OIDC_CLIENT_ID: idp.clientId,
      TOOLSCOPE_OIDC_CLIENT_SECRET: idp.clientSecret,
      TOOLSCOPE_OIDC_NAME: "Test IdP",
      TOOLSCOPE_OIDC_SCOPES: "openid email profile groups",
      // toolscope.invalid too, so that only the reserved-identity rule can refuse CLAIMER.
      TOOLSCOPE_OIDC_ALLOWED_DOMAINS: "example.com,toolscope.invalid",
      TOOLSCOPE_OIDC_ROLE_CLAIM: "groups",
      TOOLSCOPE_OIDC_ROLE_MAP: "toolscope-operators=operator",
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await idp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const userCreate = (...args: string[]): ReturnType<typeof runUserCreate> => runUserCreate(dataDir, args);

function signInWithPassword(browser: Browser, email: string, password: string): Promise<Page> {
  return signIn(browser, BASE, email, password);
}

async function signInWithSso(browser: Browser, user: { email: string; password: string }, next = "/"): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${BASE}/login?next=${encodeURIComponent(next)}`);
  await page.getByTestId("sign-in-sso").click();
  // The identity provider's own login page, on its own origin.
  await expect(page).toHaveURL(new RegExp(`^${idp!.issuer}/interaction/`));
  await page.locator("#login").fill(user.email);
  await page.locator("#password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  return page;
}

test("the first admin signs in with the password the command line printed", async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${BASE}/servers`);
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("sign-in").getByRole("alert")).toContainText("do not match");

  const signedIn = await signInWithPassword(browser, "ada@example.com", adminPassword);
  await expect(signedIn.getByTestId("person-name")).toHaveText("Ada Admin");
  await expect(signedIn.getByTestId("person-menu")).toContainText("Admin");
  const cookie = (await signedIn.context().cookies(BASE)).find((c) => c.name === "toolscope.session_token");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
});

test("single sign-on through a real OpenID provider: the role comes from the groups claim", async ({ browser }) => {
  const page = await signInWithSso(browser, OLGA, "/servers");
  await expect(page).toHaveURL(`${BASE}/servers`);
  await expect(page.getByTestId("person-name")).toHaveText("Olga Operator");
  await expect(page.getByTestId("person-menu")).toContainText("Operator");

  // Someone the provider knows, from a domain this Toolscope does not allow, gets a reason.
  const refused = await signInWithSso(browser, MAL);
  await expect(refused).toHaveURL(/\/login\?/);
  await expect(refused.getByTestId("sign-in").getByRole("alert")).toContainText("elsewhere.example");
  expect((await refused.request.get(`${BASE}/api/servers`)).status()).toBe(401);
});

test("an operator runs a tool and the audit log names them", async ({ browser }) => {
  const page = await signInWithSso(browser, OLGA, "/servers/demo/tools/echo");
  await page.waitForURL(`${BASE}/servers/demo/tools/echo`, { waitUntil: "load" });
  await page.getByLabel("message").fill("hello from Olga");
  await page.getByTestId("run-button").click();
  // echo declares no annotations, but the demo server is trusted and echo does not declare itself
  // destructive: it runs without asking.
  await expect(page.getByTestId("result-status")).toBeVisible();
  await page.goto(`${BASE}/audit?kind=call`);
  const row = page.getByTestId("audit-row").first();
  await expect(row).toContainText("echo");
  await expect(row.getByTestId("audit-actor-name")).toHaveText("Olga Operator");
  await expect(row).toContainText("single sign-on");
});

test("an operator adds a model key of their own; hosted, its loopback address is refused, and no one else sees it", async ({ browser }) => {
  const page = await signInWithSso(browser, OLGA, "/models");
  await page.waitForURL(`${BASE}/models`, { waitUntil: "load" });
  await expect(page.getByRole("heading", { name: "Models", level: 1 })).toBeVisible();
  await page.getByTestId("provider-add").click();
  const dialog = page.getByRole("dialog", { name: "Add a model provider" });
  // An operator adds only their own: no choice of whom for, and the name is theirs (my-…).
  await expect(dialog.getByRole("radio")).toHaveCount(0);
  await expect(dialog.getByText("my-", { exact: true })).toBeVisible();
  await dialog.getByLabel("Name").fill("local");
  await dialog.getByLabel("Address").fill("http://127.0.0.1:9/v1");
  await dialog.getByLabel(/API key/).fill("sk-olga-e2e-7d41");
  await dialog.getByTestId("provider-save").click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId("provider-row").filter({ hasText: "my-local" });
  await expect(row).toContainText("Only you");
  await expect(row).toContainText("Set");
  await expect(row.getByTestId("provider-problem")).toContainText(/loopback/i);
  await expectAccessibleInBothThemes(page, "the Models page, signed in as an operator");

  const ada = await signInWithPassword(browser, "ada@example.com", adminPassword);
  await ada.goto(`${BASE}/models`);
  await expect(ada.getByTestId("providers-empty")).toBeVisible();
  expect(await (await ada.request.get(`${BASE}/api/model-providers`)).text()).not.toContain("my-local");
});

test("an admin revokes a person's token, and the next script call with it gets 401 saying so", async ({ browser }) => {
  const olga = await signInWithSso(browser, OLGA, "/account");
  await olga.waitForURL(`${BASE}/account`, { waitUntil: "load" });
  await olga.getByLabel("Token name").fill("smoke tests");
  await olga.getByLabel("call").check();
  await olga.getByRole("button", { name: "Create token" }).click();
  const secret = (await olga.getByTestId("new-token-secret").textContent())!.trim();
  expect(secret).toMatch(/^tsk_/);

  const call = () =>
    fetch(`${BASE}/api/servers/demo/tools/echo/call`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: JSON.stringify({ arguments: { message: "from a script" } }),
    });
  const before = await call();
  expect(before.status).toBe(200);
  expect(await before.json()).toMatchObject({ status: "ok" });

  const admin = await signInWithPassword(browser, "ada@example.com", adminPassword);
  await admin.goto(`${BASE}/people`);
  const row = admin.getByTestId("person-olga@example.com");
  await expect(row).toContainText("Operator");
  await row.getByRole("button", { name: "Tokens" }).click();
  await admin.getByTestId("token-smoke tests").getByRole("button", { name: "Revoke" }).click();
  await expect(admin.getByTestId("token-smoke tests")).toContainText("revoked");

  const after = await call();
  expect(after.status).toBe(401);
  expect(await after.json()).toMatchObject({
    error: { code: "unauthorized:token_revoked", message: expect.stringContaining("was revoked") },
  });
  // The revocation is itself on the record, naming the admin.
  await admin.goto(`${BASE}/audit?kind=token_revoked`);
  await expect(admin.getByTestId("audit-row").first().getByTestId("audit-actor-name")).toHaveText("Ada Admin");
});

test("nobody becomes the bootstrap admin by claiming its address, and an unverified address is refused", async ({ browser }) => {
  const claimer = await signInWithSso(browser, CLAIMER);
  await expect(claimer).toHaveURL(/\/login\?/);
  await expect(claimer.getByTestId("sign-in").getByRole("alert")).toContainText("reserved");
  expect(await (await claimer.request.get(`${BASE}/api/session`)).json()).toMatchObject({ signedIn: false });
  expect((await claimer.request.get(`${BASE}/api/people`)).status()).toBe(401);

  const eve = await signInWithSso(browser, UNVERIFIED);
  await expect(eve).toHaveURL(/\/login\?/);
  await expect(eve.getByTestId("sign-in").getByRole("alert")).toContainText("not verified");
  expect(await (await eve.request.get(`${BASE}/api/session`)).json()).toMatchObject({ signedIn: false });

  // Nor through an invitation, from the API or the command line.
  const admin = await signInWithPassword(browser, "ada@example.com", adminPassword);
  const invited = await admin.request.post(`${BASE}/api/people`, {
    headers: { origin: BASE },
    data: { email: "BOOTSTRAP@toolscope.invalid", role: "admin" },
  });
  expect(invited.status()).toBe(400);
  expect(await invited.json()).toMatchObject({
    error: { code: "bad_request:reserved_email", message: expect.stringContaining("reserved") },
  });
  const created = userCreate("--admin", "bootstrap@toolscope.invalid");
  expect(created.status).toBe(1);
  expect(created.stderr).toContain("reserved");
  // The people page lists everyone who exists: nobody with a reserved address among them.
  const people = (await (await admin.request.get(`${BASE}/api/people`)).json()) as { people: { email: string }[] };
  expect(people.people.map((p) => p.email)).not.toContainEqual(expect.stringContaining("toolscope.invalid"));
});
