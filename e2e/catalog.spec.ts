// The catalog: typo-tolerant search, filters and sort kept in the URL, deep links, an untrusted
// server's hints marked. How badges tell explicit hints from implied ones is tested on the badges
// alone (components/catalog/hint-badges.test.tsx), and which icon a tool shows on the icon alone
// (components/catalog/tool-icon.test.tsx).
import { expect, test } from "./test";
import { startDemoHttpServer, type DemoHttpServer } from "../lib/demo-server/http";
import { Workbench } from "./pages/workbench";

let demo: DemoHttpServer;
test.beforeAll(async ({ request }) => {
  demo = await startDemoHttpServer({});
  expect((await request.post("/api/servers", { data: { id: "untrusted-demo", type: "http", url: demo.url } })).status()).toBe(201);
});
test.afterAll(async ({ request }) => {
  await request.delete("/api/servers/untrusted-demo");
  await demo?.close();
});

test("search tolerates typos", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.open();
  await bench.filter.fill("wether");
  await expect(bench.items).toHaveCount(1);
  await expect(bench.item("get_weather")).toBeVisible();
  await expect(bench.count).toHaveText("1 of 25 tools");
});

test("filters and sort live in the URL, so a view can be linked", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.open();
  await page.getByTestId("filter-output").click();
  await expect(bench.count).toHaveText("2 of 25 tools");
  await expect(page).toHaveURL(/f=output/);
  await page.getByTestId("filter-readonly").click();
  await expect(bench.count).toHaveText("2 of 25 tools");
  await page.getByTestId("filter-destructive").click();
  await expect(bench.count).toHaveText("0 of 25 tools");
  await page.getByTestId("filter-destructive").click();
  await page.getByTestId("catalog-sort").selectOption("name");
  await expect(bench.items.first()).toHaveAttribute("data-tool-name", "broken_structured");

  await page.reload();
  await expect(bench.count).toHaveText("2 of 25 tools");
  await expect(page.getByTestId("filter-output")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("catalog-sort")).toHaveValue("name");
});

test("the query reaches the URL once typing pauses, and a click right after typing keeps it", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.open();
  await bench.filter.fill("wether");
  await expect(page).toHaveURL(/[?&]q=wether/);
  // Typed and clicked at once: the pending URL write must not undo the navigation to the tool.
  await bench.filter.fill("sign");
  await bench.item("sign_in").click();
  await expect(page).toHaveURL(/\/servers\/demo\/tools\/sign_in\?q=sign$/);
  await expect(page.getByTestId("tool-title")).toHaveText("Sign in");
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/tools\/sign_in\?q=sign$/);
});

test("a deep link opens a tool with its filters", async ({ page }) => {
  await page.goto("/servers/demo/tools/sign_in?q=sign");
  await expect(page.getByTestId("tool-title")).toHaveText("Sign in");
  await expect(page.getByTestId("catalog-filter")).toHaveValue("sign");
  await expect(page.locator('[data-testid=catalog-item][data-tool-name="sign_in"]')).toHaveAttribute("aria-current", "page");
});

test("Ctrl+K jumps to a tool", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.open();
  await page.keyboard.press("Control+k");
  const palette = page.getByTestId("command-palette");
  await expect(palette).toBeVisible();
  await page.keyboard.type("calculatr");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/servers\/demo\/tools\/legacy_calculator$/);
  await expect(palette).toHaveCount(0);
});

test("a tool's details: markdown description, hints with their source, schemas", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("legacy_calculator");
  await expect(page.getByTestId("tool-panel").locator("code").filter({ hasText: "$schema: draft-07" })).toBeVisible();
  const details = page.getByTestId("tool-details");
  await details.getByText("Annotations").click();
  await expect(page.getByTestId("annotation-table")).toContainText("declared by the server");
  await details.getByText("Input schema").click();
  await expect(page.getByTestId("input-schema")).toContainText('"$schema": "http://json-schema.org/draft-07/schema#"');
  await bench.openTool("echo");
  await page.getByTestId("tool-details").getByText("Annotations").click();
  await expect(page.getByTestId("annotation-table")).toContainText("the spec's default (not declared)");
});

test("the all-servers view names tools by server id and opens them on their server", async ({ page }) => {
  await page.goto("/tools");
  await expect(page.getByTestId("all-count")).toHaveText(/^50 of 50 tools/);
  await page.getByTestId("all-filter").fill("untrusted-demo/echo");
  await expect(page.getByTestId("all-count")).toHaveText(/^1 of 50 tools/);
  await page.locator('[data-testid=catalog-item][data-tool-name="untrusted-demo/echo"]').click();
  await expect(page).toHaveURL(/\/servers\/untrusted-demo\/tools\/echo$/);
  // A server added over HTTP is not trusted: its catalog marks its hints unverified (how the badges
  // are drawn is components/catalog/hint-badges.test.tsx's).
  await expect(new Workbench(page).item("echo").getByTestId("badge-destructive")).toHaveAttribute("data-unverified", "true");
});
