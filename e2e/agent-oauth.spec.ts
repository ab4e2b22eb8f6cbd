// An agent authorized by OAuth, in a real browser: the official SDK client connects to a hosted
// Toolscope's /mcp, is told to authorize, and opens the authorization page; the person signs
// in, reads the consent page (accessible in both themes and at 390 px, usable by keyboard) and
// allows it. The browser lands on the agent's redirect address with a code; the agent redeems
// it and works as that person. Runs its own hosted Toolscope.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";
import { expect, test } from "./test";
import { ConsentPage } from "./pages/consent";
import { MemoryOAuthClient } from "../test/memory-oauth-client";
import { expectAccessible, THEMES } from "./accessible";
import { startOwnToolscope, type OwnToolscope } from "./own-toolscope";
import { createUser } from "./user-create";
import { e2ePort } from "./ports";

const PORT = e2ePort("TOOLSCOPE_E2E_AGENT_OAUTH_PORT", 3184);
const BASE = `http://127.0.0.1:${PORT}`;
// Nothing listens here: the browser's request for it is caught, as a desktop agent's own
// loopback listener would catch it.
const REDIRECT = `http://127.0.0.1:${PORT + 7}/oauth/callback`;

let server: OwnToolscope | undefined;
let dataDir = "";
let password = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-agent-oauth-"));
  password = createUser(dataDir, "olga@example.com", ["--role", "operator", "--name", "Olga Operator"]);
  server = await startOwnToolscope({ port: PORT, dataDir, env: { TOOLSCOPE_DEMO_SERVER: "on", TOOLSCOPE_PUBLIC_URL: BASE } });
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The agent's OAuth state: a public client on loopback, as desktop agents register. */
const desktopAgent = (): MemoryOAuthClient =>
  new MemoryOAuthClient(REDIRECT, { client_name: "Desk Agent", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" });

async function connect(auth: MemoryOAuthClient): Promise<Client> {
  const client = new Client({ name: "desk-agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), { authProvider: auth }));
  return client;
}

test("an agent authorized in the browser acts as the person who allowed it", async ({ page }) => {
  const auth = desktopAgent();
  await expect(connect(auth)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(auth.authorizationUrl).toBeDefined();

  let callback: URL | undefined;
  await page.route(`${REDIRECT}**`, async (route) => {
    callback = new URL(route.request().url());
    await route.fulfill({ status: 200, contentType: "text/plain", body: "You can close this window." });
  });

  // Signed out: the sign-in page first, then back to the authorization, then the consent page.
  await page.goto(auth.authorizationUrl!.href);
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByTestId("sign-in-intro")).toContainText("Desk Agent, an MCP client, asks to act as you");
  await page.getByLabel("Email").fill("olga@example.com");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const consent = new ConsentPage(page);
  await consent.expectAsked("Desk Agent");
  await expect(consent.panel).toContainText("Olga Operator");
  await expect(consent.panel).toContainText("Operator");
  await expect(consent.panel).toContainText(`127.0.0.1:${PORT + 7}`);
  await expect(consent.panel).toContainText("See the servers and tools you can see");
  await expect(consent.panel).toContainText("Call the tools you may call");

  for (const theme of THEMES) {
    // The theme is read as the page loads.
    await page.emulateMedia({ colorScheme: theme });
    await page.reload();
    await consent.expectAsked("Desk Agent");
    await expectAccessible(page, "the consent page", theme);
  }
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(consent.allow).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // By keyboard: Tab reaches Allow, Enter allows.
  for (let i = 0; i < 30 && !(await consent.allow.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(consent.allow).toBeFocused();
  await page.keyboard.press("Enter");
  await expect.poll(() => callback?.searchParams.get("code") ?? null).not.toBeNull();

  const transport = new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), { authProvider: auth });
  await transport.finishAuth(callback!.searchParams);
  const agent = await connect(auth);
  try {
    expect((await agent.listTools()).tools.map((tool) => tool.name)).toContain("demo__list_notes");
    const result = await agent.callTool({ name: "demo__list_notes", arguments: {} });
    expect(result.isError).toBeFalsy();

    // The person sees it in the audit log: their call, through the agent they authorized.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${BASE}/audit?via=agent`);
    await expect(page.getByText("list_notes").first()).toBeVisible();
    await expect(page.getByText("Desk Agent").first()).toBeVisible();

    // And on their account page, where revoking it stops the agent at once.
    await page.goto(`${BASE}/account`);
    const grant = page.getByTestId("agent-grant").filter({ hasText: "Desk Agent" });
    await expect(grant).toContainText("call tools");
    // Still in dark, from the consent page's last look.
    await expectAccessible(page, "the account page with an agent", "dark");
    await grant.getByRole("button", { name: "Revoke Desk Agent" }).click();
    await expect(grant).toHaveCount(0);
    await expect(agent.callTool({ name: "demo__list_notes", arguments: {} })).rejects.toThrow();
  } finally {
    await agent.close();
  }
});

test("an agent's request that cannot go on shows the person a page that says why, in both themes", async ({ page }) => {
  const auth = desktopAgent();
  await expect(connect(auth)).rejects.toBeInstanceOf(UnauthorizedError);
  const unknown = new URL(auth.authorizationUrl!);
  unknown.searchParams.set("client_id", "an-agent-nobody-registered");
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(unknown.href);
    await expect(page).toHaveURL(/\/oauth\/error\?/);
    await expect(page.getByRole("heading", { name: "An agent could not be authorized" })).toBeVisible();
    await expect(page.getByTestId("authorize-error")).toContainText("Toolscope does not know this agent");
    await expect(page.getByTestId("authorize-error-detail")).toContainText("invalid_client");
    await expectAccessible(page, "the authorization error page", theme);
  }
  await page.setViewportSize({ width: 390, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  // Anyone can link to the page: it says Toolscope's words for a code it knows, and never the query's own text (issue 43).
  const phishing = "Your account is locked. Call +1 555 0100 to unlock it.";
  await page.goto(`${BASE}/oauth/error?${new URLSearchParams({ error: "access_denied", error_description: phishing })}`);
  await expect(page.getByTestId("authorize-error")).toContainText("The request was refused, so the agent was given no access.");
  await page.goto(`${BASE}/oauth/error?${new URLSearchParams({ error: phishing, error_description: phishing })}`);
  await expect(page.getByTestId("authorize-error")).toHaveText("The request was refused.");
  await expect(page.getByText(phishing)).toHaveCount(0);
});
