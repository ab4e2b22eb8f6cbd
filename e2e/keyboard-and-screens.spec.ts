// The workbench by keyboard and on any screen: a skip link and few Tab presses to a tool's first
// field, arrow keys through the catalog, Ctrl+K and back; the result beside the form on a wide
// screen and brought into view on a narrow one; no page scrolls sideways at 390 px.
import { expect, test } from "./test";
import { Workbench } from "./pages/workbench";

test("from a tool page's load, the skip link and at most 5 Tab presses reach its first field", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("get_weather");
  await expect(bench.field("city")).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("skip-link")).toBeFocused();
  await page.keyboard.press("Enter");
  let presses = 1;
  while (presses < 5 && !(await bench.field("city").evaluate((el) => el === document.activeElement))) {
    await page.keyboard.press("Tab");
    presses++;
  }
  await expect(bench.field("city")).toBeFocused();
  expect(presses).toBeLessThanOrEqual(5);
  // Ctrl+Enter runs from the field.
  await bench.field("city").fill("Oslo");
  await page.keyboard.press("Control+Enter");
  await expect(bench.result).toHaveAttribute("data-status", "ok");
});

test("arrow keys move through the catalog as one Tab stop, and Enter opens a tool", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.open();
  const list = page.getByTestId("catalog-list");
  await expect(list.locator('[tabindex="0"]')).toHaveCount(1);
  const first = bench.items.first();
  await first.focus();
  await page.keyboard.press("ArrowDown");
  const second = bench.items.nth(1);
  await expect(second).toBeFocused();
  await expect(list.locator('[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press("End");
  const lastIndex = (await bench.items.last().evaluate((el) => el.closest("[aria-setsize]")?.getAttribute("aria-setsize"))) ?? "0";
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest("[aria-posinset]")?.getAttribute("aria-posinset")))
    .toBe(lastIndex);
  await page.keyboard.press("Home");
  await expect(first).toBeFocused();
  await page.keyboard.press("ArrowDown");
  const name = await second.getAttribute("data-tool-name");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/servers/demo/tools/${name}`));
});

test("Ctrl+K focuses the palette's input, and Esc returns focus where it was", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("get_weather");
  await bench.field("city").focus();
  await page.keyboard.press("Control+k");
  await expect(page.getByRole("combobox", { name: "Jump to a tool" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("command-palette")).toHaveCount(0);
  await expect(bench.field("city")).toBeFocused();
});

test("at 1440 px the result sits beside the form; Re-run runs what the form holds now", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const bench = new Workbench(page);
  await bench.openTool("echo");
  await bench.field("message").fill("first");
  await bench.run();
  await expect(page.getByTestId("content-text").first()).toContainText("first");
  const form = (await page.getByRole("region", { name: "Arguments" }).boundingBox())!;
  const result = (await bench.result.boundingBox())!;
  expect(result.x).toBeGreaterThanOrEqual(form.x + form.width);
  expect(result.y).toBeLessThan(900);
  await expect(bench.runButton).toBeInViewport();

  await bench.field("message").fill("second");
  await page.getByTestId("rerun-button").click();
  const confirm = page.getByTestId("confirm-run");
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
  await expect(page.getByTestId("content-text").first()).toContainText("second");
  // "Run again as before" runs an earlier call's own arguments.
  const older = page.getByTestId("history-item").filter({ hasText: '"first"' });
  await older.getByTestId("history-run-again").click();
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
  await expect(page.getByTestId("content-text").first()).toContainText("first");
  await expect(bench.field("message")).toHaveValue("first");
});

// Every page at 390 px, in both themes, is in accessibility.spec.ts.
test("at 390 px the catalog is a drawer, and the result is scrolled to and focused", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const bench = new Workbench(page);
  await page.goto("/servers/demo");
  // The button counts what the catalog lists: not the tool only an MCP App may call.
  await expect(page.getByTestId("catalog-drawer-open")).toHaveText("☰ Tools (25)");
  await page.getByTestId("catalog-drawer-open").click();
  const drawer = page.getByTestId("catalog-drawer");
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId("catalog-count")).toHaveText("25 tools");
  await drawer.locator('[data-testid=catalog-item][data-tool-name="get_weather"]').click();
  await expect(page).toHaveURL(/\/tools\/get_weather/);
  await expect(drawer).toBeHidden();
  await bench.field("city").fill("Lisbon");
  await bench.run();
  await expect(page.getByRole("region", { name: "Result" })).toBeFocused();
  await expect(bench.result).toBeInViewport();
});

test("the home page welcomes: what Toolscope is, the paste box, the servers and three places to start", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("welcome")).toContainText("run them from real forms");
  await expect(page.getByLabel(/Paste a command, URL or mcp\.json/)).toBeVisible();
  await expect(page.locator('[data-testid=home-server][data-server-id="demo"]')).toContainText("tools");
  await page.getByTestId("start-run").click();
  await expect(page).toHaveURL(/\/servers\/demo\/tools\/get_weather$/);
  await page.goto("/");
  await expect(page.getByTestId("start-audit")).toHaveAttribute("href", "/audit");
  await expect(page.getByTestId("start-present")).toHaveAttribute("href", "/saved");
});
