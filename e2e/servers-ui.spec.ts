// The servers page: add a server by URL, see it connect, switch to it, edit it without
// ever seeing its secret header again, remove it; import an mcp.json.
import { expect, test } from "./test";
import { startDemoHttpServer, type DemoHttpServer } from "../lib/demo-server/http";
import { Workbench } from "./pages/workbench";

let demo: DemoHttpServer;
test.beforeAll(async () => {
  demo = await startDemoHttpServer({});
});
test.afterAll(async () => {
  await demo?.close();
});

test("add, open, edit and remove a server from the UI", async ({ page }) => {
  await page.goto("/servers");
  await page.getByTestId("add-server").click();
  const form = page.getByTestId("server-form");
  await form.getByLabel("Id", { exact: true }).fill("ui-demo");
  await form.getByLabel("Name", { exact: true }).fill("Demo via UI");
  await form.getByLabel("Transport").selectOption("auto");
  await form.getByLabel("URL", { exact: true }).fill(demo.url);
  await form.getByLabel(/^Headers/).fill("Authorization: Bearer ui-secret-987");
  await form.getByRole("button", { name: "Add server" }).click();
  // The new server's catalog opens; a URL server is not trusted until someone says so.
  await expect(page).toHaveURL(/\/servers\/ui-demo$/);
  await expect(new Workbench(page).count).toHaveText("25 tools");
  await expect(page.getByTestId("trust-server")).toBeVisible();
  await page.goto("/servers");

  const row = page.locator('[data-testid=server-row][data-server-id="ui-demo"]');
  await expect(row.getByTestId("server-status")).toContainText("ready");
  await expect(row).toContainText("auto → streamable-http");
  await expect(row).toContainText("2026-07-28");
  await expect(page.locator("body")).not.toContainText("ui-secret-987");

  await row.getByRole("link", { name: "Demo via UI" }).click();
  const bench = new Workbench(page);
  await expect(bench.count).toHaveText("25 tools");
  await expect(page.getByTestId("server-switcher")).toHaveValue("ui-demo");
  await page.getByTestId("server-switcher").selectOption("demo");
  await expect(page).toHaveURL(/\/servers\/demo$/);

  await page.goto("/servers");
  await row.getByRole("button", { name: "Edit" }).click();
  await expect(form.getByLabel(/^Headers/)).toHaveValue("Authorization:");
  await form.getByLabel("Name", { exact: true }).fill("Renamed via UI");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(row).toContainText("Renamed via UI");
  const stored = await (await page.request.get("/api/servers/ui-demo")).json();
  expect(stored.server.config.headerNames).toEqual(["Authorization"]);

  page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: "Remove" }).click();
  await expect(row).toHaveCount(0);
});

test("import an mcp.json pasted into the page", async ({ page }) => {
  await page.goto("/servers");
  await page.getByTestId("import-servers").click();
  await page
    .getByLabel("mcp.json contents")
    .fill(JSON.stringify({ mcpServers: { "pasted-demo": { type: "http", url: demo.url }, "Not Valid": { command: "x" } } }));
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByTestId("import-result")).toContainText("Imported: pasted-demo");
  await expect(page.getByTestId("import-result")).toContainText("Not Valid");
  await page.getByRole("button", { name: "Done" }).click();
  const row = page.locator('[data-testid=server-row][data-server-id="pasted-demo"]');
  await expect(row.getByTestId("server-status")).toContainText("ready");
  await page.request.delete("/api/servers/pasted-demo");
});

test("enterprise-managed authorization: its settings entered, the secret kept and never shown", async ({ page }) => {
  await page.goto("/servers");
  await page.getByTestId("add-server").click();
  const form = page.getByTestId("server-form");
  await form.getByLabel("Id", { exact: true }).fill("idp-demo");
  await form.getByLabel("Name", { exact: true }).fill("Behind the company sign-in");
  await form.getByLabel("Transport").selectOption("auto");
  await form.getByLabel("URL", { exact: true }).fill(demo.url);
  await form.getByText("OAuth (optional)").click();
  const oauth = form.getByTestId("oauth-settings");
  // The identity provider's fields appear with the grant that needs them.
  await expect(oauth.getByLabel("Toolscope's client id there")).toHaveCount(0);
  await oauth.getByLabel("Grant").selectOption("enterprise");
  await oauth.getByLabel("Client id (registered by hand)").fill("toolscope-at-tracker");
  await oauth.getByLabel("Client secret", { exact: true }).fill("tracker-secret-123");
  await oauth.getByLabel("Issuer").fill("https://login.example.com");
  await oauth.getByLabel("Toolscope's client id there").fill("toolscope-at-idp");
  await oauth.getByLabel("Its client secret").fill("idp-secret-456");
  await form.getByRole("button", { name: "Add server" }).click();
  await expect(page).toHaveURL(/\/servers\/idp-demo$/);

  const stored = (await (await page.request.get("/api/servers/idp-demo")).json()) as { server: { config: { oauth: unknown } } };
  expect(stored.server.config.oauth).toMatchObject({
    grant: "enterprise",
    clientId: "toolscope-at-tracker",
    hasClientSecret: true,
    idpIssuer: "https://login.example.com",
    idpClientId: "toolscope-at-idp",
    hasIdpClientSecret: true,
  });
  expect(JSON.stringify(stored)).not.toContain("idp-secret-456");

  // Edited without entering the secrets again: both are kept, and neither is shown.
  await page.goto("/servers");
  const row = page.locator('[data-testid=server-row][data-server-id="idp-demo"]');
  await row.getByRole("button", { name: "Edit" }).click();
  await expect(oauth.getByLabel("Grant")).toHaveValue("enterprise");
  await expect(oauth.getByLabel("Its client secret")).toHaveAttribute("placeholder", "stored: leave blank to keep");
  await expect(oauth.getByLabel("Its client secret")).toHaveValue("");
  await oauth.getByLabel("ID token file (only for a Toolscope without accounts)").fill("/var/run/secrets/id-token");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(row).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/servers/idp-demo")).json()) as { server: { config: { oauth: unknown } } }).server.config
          .oauth,
    )
    .toMatchObject({ hasClientSecret: true, hasIdpClientSecret: true, idTokenFile: "/var/run/secrets/id-token" });
  const exported = await (await page.request.get("/api/servers/mcp.json")).text();
  expect(exported).not.toContain("idp-secret-456");
  expect(exported).toMatch(/"idpClientSecret":\s*"<redacted>"/);

  page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: "Remove" }).click();
  await expect(row).toHaveCount(0);
});
