// OAuth to a target server, end to end, against a real authorization server (oidc-provider)
// and an MCP server that demands its tokens (test/oauth-mcp-fixture.ts), both started
// here on loopback: add the server, see "authorization required", authorize in the browser,
// come back, call tools; the access token expires and is refreshed unnoticed; a 403
// insufficient_scope leads to a step-up and the call succeeds after it; no token or client
// secret reaches the browser, the audit log, an export, the log or the database in clear.
// Then the same Toolscope with people: each person's calls use their own authorization.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { startOAuthMcpFixture, type OAuthMcpFixture } from "../test/oauth-mcp-fixture";
import { startOwnToolscope, type OwnToolscope } from "./own-toolscope";
import { createUser as createPerson } from "./user-create";
import { signInWithPassword } from "./sign-in";
import { expect, test } from "./test";
import { e2ePort } from "./ports";

const PORT = e2ePort("TOOLSCOPE_E2E_OAUTH_PORT", 3196);
const BASE = `http://127.0.0.1:${PORT}`;
// Short enough that a test outlives it, so refreshing is exercised for real.
const TOKEN_TTL_SECONDS = 4;
const USERS = [
  { login: "alice", password: "alice-password" },
  { login: "bob", password: "bob-password" },
];

test.describe.configure({ mode: "serial" });

let fixture: OAuthMcpFixture;
let toolscope: OwnToolscope | undefined;
let dataDir = "";
let logFile = "";

/** Everything Toolscope sent the browser, to search for secrets afterwards. */
const seenByBrowser: string[] = [];

function record(context: BrowserContext): void {
  context.on("response", (response) => {
    if (!response.url().startsWith(BASE)) return;
    void response
      .text()
      .then((text) => seenByBrowser.push(`${response.url()}\n${JSON.stringify(response.headers())}\n${text}`))
      .catch(() => undefined);
  });
}

async function signInAtAuthorizationServer(page: Page, login: string, password: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${fixture.issuer}/`));
  await page.locator("input[name=login]").fill(login);
  await page.locator("input[name=password]").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Clicks Run; the fixture's tools carry no hints (so count as destructive): confirms once, for good. */
async function clickRun(page: Page): Promise<void> {
  await page.getByTestId("run-button").click();
  await confirmIfAsked(page);
}

async function confirmIfAsked(page: Page): Promise<void> {
  // Whatever the click leads to, waited for as long as it takes: a question, a result, a request
  // for authorization. (A fixed wait for the dialog missed it on a busy machine.)
  const dialog = page.getByTestId("confirm-dialog");
  const answered = page.getByTestId("result-panel").or(page.getByTestId("authorization-prompt")).or(page.getByTestId("progress"));
  await expect(dialog.or(answered).first()).toBeVisible();
  if (!(await dialog.isVisible())) return;
  await dialog.getByRole("checkbox").check();
  await page.getByTestId("confirm-run").click();
}

async function runTool(page: Page, serverId: string, tool: string): Promise<void> {
  await page.goto(`${BASE}/servers/${serverId}/tools/${tool}`);
  await clickRun(page);
}

test.describe("OAuth in local mode", () => {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    fixture = await startOAuthMcpFixture({ accessTokenTtlSeconds: TOKEN_TTL_SECONDS, users: USERS });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-oauth-"));
    logFile = path.join(dataDir, "toolscope.log");
    const config = path.join(dataDir, "mcp.json");
    // Trusted: the fixture's tools carry no hints, and a confirmation dialog is not what this tests.
    fs.writeFileSync(
      config,
      JSON.stringify({ mcpServers: { guarded: { url: fixture.mcpUrl, type: "http", name: "Guarded", trusted: true } } }),
    );
    toolscope = await startOwnToolscope({ port: PORT, dataDir: path.join(dataDir, "data"), logFile, env: { TOOLSCOPE_CONFIG: config } });
  });

  test.afterAll(async () => {
    await toolscope?.stop();
    await fixture?.close();
  });

  test("authorize in the browser, call tools, refresh unnoticed, step up, revoke", async ({ page }) => {
    test.setTimeout(90_000);
    record(page.context());
    await page.goto(`${BASE}/servers/guarded`);
    await expect(page.getByTestId("authorization-required")).toContainText("authorization required (scope: mcp:read)");
    await expect(page.getByTestId("catalog-authorization-required")).toBeVisible();
    // The journal already shows the challenge and discovery, before anyone authorized.
    await expect(page.getByTestId("oauth-journal")).toContainText("Server asked for authorization");
    await expect(page.getByTestId("oauth-journal")).toContainText("Protected resource metadata");

    await page.getByTestId("overview-authorize").click();
    await signInAtAuthorizationServer(page, "alice", "alice-password");
    await expect(page).toHaveURL(`${BASE}/servers/guarded?oauth=authorized`);
    await expect(page.getByTestId("oauth-return-notice")).toContainText("Authorized");
    await expect(page.getByTestId("catalog-list")).toContainText("whoami");
    await expect(page.getByTestId("oauth-status")).toHaveText("authorized");
    await expect(page.getByTestId("oauth-journal")).toContainText("Client registration");
    await expect(page.getByTestId("oauth-journal")).toContainText("Token exchange");

    await runTool(page, "guarded", "whoami");
    await expect(page.getByTestId("result-panel")).toContainText("alice");

    // The access token expires; the next call refreshes it without asking anyone.
    await page.waitForTimeout((TOKEN_TTL_SECONDS + 1) * 1000);
    await runTool(page, "guarded", "whoami");
    await expect(page.getByTestId("result-panel")).toContainText("alice");
    await expect(page.getByTestId("authorization-prompt")).toHaveCount(0);
    expect(fixture.stats.tokenRequests.map((t) => t.grantType)).toContain("refresh_token");

    // admin_reset needs mcp:admin: a step-up, after which the call runs again by itself.
    await runTool(page, "guarded", "admin_reset");
    await expect(page.getByTestId("authorization-prompt")).toContainText("scope: mcp:read mcp:admin");
    await page.getByTestId("step-up-authorize").click();
    // The authorization server remembers alice, so it may send the browser straight back.
    await page.waitForURL((url) => url.href.startsWith(BASE) || url.href.startsWith(`${fixture.issuer}/interaction`));
    if (page.url().startsWith(fixture.issuer)) await signInAtAuthorizationServer(page, "alice", "alice-password");
    await expect(page).toHaveURL(`${BASE}/servers/guarded/tools/admin_reset?oauth=authorized`);
    await expect(page.getByTestId("result-panel")).toContainText("reset done");
    expect(fixture.stats.authorizationRequests.at(-1)?.scope?.split(" ").sort()).toEqual(expect.arrayContaining(["mcp:admin", "mcp:read"]));

    // Revoking forgets the tokens: the server asks for authorization again.
    await page.goto(`${BASE}/servers/guarded`);
    await page.getByTestId("oauth-revoke").click();
    await expect(page.getByTestId("oauth-status")).toHaveText("authorization required");
    await expect(page.getByTestId("authorization-required")).toBeVisible();
  });

  test("no token or client secret reaches the browser, the audit log, an export, the log or the database", async ({ request }) => {
    const secrets = [...new Set(fixture.stats.secrets)];
    expect(secrets.length, "the authorization server handed out tokens").toBeGreaterThanOrEqual(4);
    const audit = await (await request.get(`${BASE}/api/audit/export?format=jsonl`)).text();
    const auditCsv = await (await request.get(`${BASE}/api/audit/export?format=csv`)).text();
    const mcpJson = await (await request.get(`${BASE}/api/servers/mcp.json`)).text();
    const journal = await (await request.get(`${BASE}/api/servers/guarded/oauth`)).text();
    expect(audit).toContain("server_authorized");
    const database = fs
      .readdirSync(path.join(dataDir, "data"))
      .filter((f) => f.includes(".sqlite") || f.endsWith(".db") || f.endsWith("-wal"))
      .map((f) => fs.readFileSync(path.join(dataDir, "data", f)).toString("latin1"))
      .join("\n");
    expect(database.length).toBeGreaterThan(0);
    const places: Record<string, string> = {
      browser: seenByBrowser.join("\n"),
      "audit export (jsonl)": audit,
      "audit export (csv)": auditCsv,
      "mcp.json export": mcpJson,
      "OAuth journal": journal,
      log: fs.readFileSync(logFile, "utf8"),
      database,
    };
    for (const [place, text] of Object.entries(places)) {
      for (const secret of secrets) expect(text.includes(secret), `${place} holds a secret (${secret.slice(0, 6)}…)`).toBe(false);
    }
  });
});

test.describe("OAuth with people: each person authorizes for themselves", () => {
  const HOSTED_PORT = PORT + 1;
  const HOSTED = `http://127.0.0.1:${HOSTED_PORT}`;
  let hosted: OwnToolscope | undefined;
  let hostedDir = "";
  const passwords: Record<string, string> = {};

  const createUser = (email: string, args: string[]): string => createPerson(path.join(hostedDir, "data"), email, args);

  function signIn(browser: Browser, email: string, password: string, next: string): Promise<Page> {
    return signInWithPassword(browser, HOSTED, email, password, next);
  }

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    fixture = await startOAuthMcpFixture({ users: USERS });
    hostedDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-oauth-hosted-"));
    passwords.ada = createUser("ada@example.com", ["--admin"]);
    passwords.olga = createUser("olga@example.com", ["--role", "operator"]);
    const config = path.join(hostedDir, "mcp.json");
    fs.writeFileSync(
      config,
      JSON.stringify({ mcpServers: { guarded: { url: fixture.mcpUrl, type: "http", name: "Guarded", trusted: true } } }),
    );
    hosted = await startOwnToolscope({
      port: HOSTED_PORT,
      dataDir: path.join(hostedDir, "data"),
      // Hosted, the outbound guard refuses loopback: the test's servers are allowed by name.
      env: { TOOLSCOPE_CONFIG: config, TOOLSCOPE_OUTBOUND_ALLOW: "127.0.0.1", TOOLSCOPE_PUBLIC_URL: HOSTED },
    });
  });

  test.afterAll(async () => {
    await hosted?.stop();
    await fixture?.close();
    fs.rmSync(hostedDir, { recursive: true, force: true });
  });

  test("a person's calls use their own authorization; another person is asked for theirs", async ({ browser }) => {
    test.setTimeout(90_000);
    const ada = await signIn(browser, "ada@example.com", passwords.ada!, "/servers/guarded");
    await expect(ada.getByTestId("authorization-required")).toBeVisible();
    await ada.getByTestId("overview-authorize").click();
    await signInAtAuthorizationServer(ada, "alice", "alice-password");
    await expect(ada).toHaveURL(`${HOSTED}/servers/guarded?oauth=authorized`);
    await ada.goto(`${HOSTED}/servers/guarded/tools/whoami`);
    await clickRun(ada);
    await expect(ada.getByTestId("result-panel")).toContainText("alice");

    // Olga is not ada: ada's authorization is not hers.
    const olga = await signIn(browser, "olga@example.com", passwords.olga!, "/servers/guarded");
    await expect(olga.getByTestId("authorization-required")).toBeVisible();
    await olga.getByTestId("overview-authorize").click();
    await signInAtAuthorizationServer(olga, "bob", "bob-password");
    await expect(olga).toHaveURL(`${HOSTED}/servers/guarded?oauth=authorized`);
    await olga.goto(`${HOSTED}/servers/guarded/tools/whoami`);
    await clickRun(olga);
    await expect(olga.getByTestId("result-panel")).toContainText("bob");

    // Ada still calls as alice.
    await clickRun(ada);
    await expect(ada.getByTestId("result-panel")).toContainText("alice");
  });
});
