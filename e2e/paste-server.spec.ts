// Adding a server by pasting what one has: a command line from a README (a real third-party
// server from npm), Test connection before saving, then its tools; a Claude Desktop mcpServers
// snippet with two servers adds both; a whole command line typed into Command is split.
import path from "node:path";
import { expect, test } from "./test";
import { startDemoHttpServer, type DemoHttpServer } from "../lib/demo-server/http";
import { startHttpFixture } from "../test/fixtures/spawn";

const EVERYTHING = path.resolve(import.meta.dirname, "../node_modules/@modelcontextprotocol/server-everything/dist/index.js");

let demo: DemoHttpServer;
test.beforeAll(async () => {
  demo = await startDemoHttpServer({});
});
test.afterAll(async () => {
  await demo?.close();
});

// Ids these tests add (another spec may have left "everything" behind): gone before and after each.
const ADDED = ["everything", "pasted-everything", "pasted-demo", "typed"];
test.beforeEach(async ({ request }) => {
  for (const id of ADDED) await request.delete(`/api/servers/${id}`);
});
test.afterEach(async ({ request }) => {
  for (const id of ADDED) await request.delete(`/api/servers/${id}`);
});

test("paste a command line, test the connection, add it and see its tools", async ({ page }) => {
  await page.goto("/servers");
  await page.getByTestId("add-server").click();
  const form = page.getByTestId("server-form");
  await form.getByLabel("Paste a command, URL or mcp.json").fill(`NODE_ENV=production ${process.execPath} "${EVERYTHING}" stdio`);
  await expect(page.getByTestId("paste-server-status")).toContainText("Filled in below: stdio");
  await expect(form.getByLabel("Id", { exact: true })).toHaveValue("everything");
  await expect(form.getByLabel("Command", { exact: true })).toHaveValue(process.execPath);
  await expect(form.getByLabel(/^Arguments/)).toHaveValue(`${EVERYTHING}\nstdio`);
  await expect(form.getByLabel(/^Environment/)).toHaveValue("NODE_ENV=production");

  await form.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByTestId("connection-test-result")).toContainText(
    /Connected: .*everything.*, protocol 20\d\d-\d\d-\d\d, \d+ tools/i,
    {
      timeout: 20_000,
    },
  );
  // Testing saved nothing.
  expect((await (await page.request.get("/api/servers")).json()).servers.map((s: { id: string }) => s.id)).not.toContain("everything");

  await form.getByRole("button", { name: "Add server" }).click();
  // Its catalog opens, and a command added here is trusted.
  await expect(page).toHaveURL(/\/servers\/everything$/);
  await expect(page.getByTestId("catalog-item").first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("trust-badge")).toBeVisible();
});

test("a test of a command that does not exist says so, and nothing is added", async ({ page }) => {
  await page.goto("/servers");
  await page.getByTestId("add-server").click();
  const form = page.getByTestId("server-form");
  await form.getByLabel("Paste a command, URL or mcp.json").fill("toolscope-no-such-server --stdio");
  await form.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByTestId("connection-test-result")).toContainText("Could not connect");
  await expect(page.getByTestId("connection-test-result")).toContainText("toolscope-no-such-server");
  await expect(page.getByTestId("connection-test-result")).not.toContainText("<");
});

test("a Claude Desktop mcpServers snippet with two servers adds both", async ({ page }) => {
  await page.goto("/servers");
  await page.getByTestId("add-server").click();
  const snippet = JSON.stringify(
    { mcpServers: { "pasted-everything": { command: process.execPath, args: [EVERYTHING, "stdio"] }, "pasted-demo": { url: demo.url } } },
    null,
    2,
  );
  await page.getByLabel("Paste a command, URL or mcp.json").fill(snippet);
  await expect(page.getByTestId("paste-server-list")).toContainText("pasted-everything");
  await expect(page.getByTestId("paste-server-list")).toContainText("pasted-demo");
  await page.getByRole("button", { name: "Add all 2 servers" }).click();
  for (const id of ["pasted-everything", "pasted-demo"]) {
    await expect(page.locator(`[data-testid=server-row][data-server-id="${id}"]`).getByTestId("server-status")).toContainText("ready", {
      timeout: 20_000,
    });
  }
});

test("a whole command line typed into Command is split as a shell would", async ({ page }) => {
  await page.goto("/servers");
  await page.getByTestId("add-server").click();
  const form = page.getByTestId("server-form");
  await form.getByLabel("Id", { exact: true }).fill("typed");
  await form.getByLabel("Command", { exact: true }).fill(`${process.execPath} '${EVERYTHING}' stdio`);
  await form.getByRole("button", { name: "Add server" }).click();
  await expect(page).toHaveURL(/\/servers\/typed$/);
  await expect(page.getByTestId("catalog-item").first()).toBeVisible({ timeout: 20_000 });
  const { server } = await (await page.request.get("/api/servers/typed")).json();
  expect(server.config).toMatchObject({ command: process.execPath, args: [EVERYTHING, "stdio"] });
});

test("paste everything's URL, by keyboard: it is named everything, lists all 19 tools, and a tool page reaches its log and resources", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const everything = await startHttpFixture("everything.ts", "streamableHttp");
  try {
    await page.goto("/servers");
    await page.getByTestId("add-server").click();
    const form = page.getByTestId("server-form");
    const paste = form.getByLabel("Paste a command, URL or mcp.json");
    await paste.focus();
    await page.keyboard.type(everything.url);
    // The URL is tested by itself; what answers names the server (the id every agent tool starts with).
    await expect(page.getByTestId("connection-test-result")).toContainText(/Connected: .*, \d+ tools/i, { timeout: 30_000 });
    await expect(form.getByLabel("Id", { exact: true })).toHaveValue("everything");
    await form.getByRole("button", { name: "Add server" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/servers\/everything$/, { timeout: 30_000 });
    // A URL is not trusted until someone says so.
    await expect(page.getByTestId("trust-server")).toBeVisible();
    const tools = (await (await page.request.get("/api/servers/everything/tools")).json()) as { tools: { name: string }[] };
    expect(tools.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(["trigger-url-elicitation", "trigger-elicitation-request-async"]),
    );
    expect(tools.tools).toHaveLength(19);

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/servers/everything/tools/echo");
      const tabs = page.getByRole("navigation", { name: "Server" });
      await tabs.getByRole("link", { name: "Log", exact: true }).focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/servers\/everything\/log$/);
      await expect(page.getByTestId("server-log")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.goBack();
      await tabs.getByRole("link", { name: "Resources", exact: true }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("resource-row").first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  } finally {
    await everything.stop();
  }
});
