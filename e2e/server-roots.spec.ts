// The roots Toolscope offers a server, set in the server's settings: a bad line is refused with
// the line named, saved roots show on the server's page, and the reference `everything` server
// (from npm), asking with roots/list, is told exactly those.
import { expect, test } from "./test";
import { stdioCommand } from "../test/fixtures/spawn";

const SERVER = "everything-roots";

test.beforeAll(async ({ request }) => {
  const added = await request.post("/api/servers", {
    data: { id: SERVER, name: "Everything (roots)", ...stdioCommand("everything.ts", "stdio") },
  });
  expect(added.ok(), await added.text()).toBe(true);
});

test.afterAll(async ({ request }) => {
  await request.delete(`/api/servers/${SERVER}`);
});

test("roots set in a server's settings are what the server is told", async ({ page }) => {
  await page.goto("/servers");
  const row = page.locator(`[data-testid=server-row][data-server-id="${SERVER}"]`);
  await expect(row.getByTestId("server-status")).toContainText("ready", { timeout: 20_000 });
  await row.getByRole("button", { name: "Edit" }).click();
  const form = page.getByTestId("server-form");
  const roots = form.getByLabel(/^Roots/);
  await roots.fill("/home/ada/project");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByTestId("server-form-error")).toContainText('Roots, line 1: "/home/ada/project" is not a URI');

  await roots.fill("file:///home/ada/project Ada's project\nfile:///srv/shared");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form).toHaveCount(0);
  // Saving reconfigures the server: its new session is offered the new roots.
  await expect(row.getByTestId("server-status")).toContainText("ready", { timeout: 20_000 });

  await page.goto(`/servers/${SERVER}`);
  const offered = page.getByTestId("roots-offered");
  await expect(offered).toContainText("file:///home/ada/project · Ada's project");
  await expect(offered).toContainText("file:///srv/shared");

  const called = await page.request.post(`/api/servers/${SERVER}/tools/get-roots-list/call`, {
    headers: { origin: new URL(page.url()).origin },
    data: { arguments: {} },
  });
  expect(called.ok(), await called.text()).toBe(true);
  const text = JSON.stringify(await called.json());
  expect(text).toContain("file:///home/ada/project");
  expect(text).toContain("file:///srv/shared");

  // Opened again, the form shows them as they were saved.
  await page.goto("/servers");
  await row.getByRole("button", { name: "Edit" }).click();
  await expect(form.getByLabel(/^Roots/)).toHaveValue("file:///home/ada/project Ada's project\nfile:///srv/shared");
});
