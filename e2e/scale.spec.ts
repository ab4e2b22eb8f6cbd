// The catalog at scale: the demo server with 10,000 generated tools (100 pages of 100)
// renders, scrolls and filters, with only a screenful of rows in the DOM.
import { expect, test } from "./test";
import path from "node:path";
import { Workbench } from "./pages/workbench";
import { programArgs } from "../test/programs";

const DEMO_CLI = path.resolve(import.meta.dirname, "..", "lib", "demo-server", "cli.ts");

test.beforeAll(async ({ request }) => {
  const added = await request.post("/api/servers", {
    data: {
      id: "big",
      command: process.execPath,
      args: [...programArgs(DEMO_CLI), "stdio"],
      env: { TOOLSCOPE_DEMO_TOOLS: "10000" },
      cwd: path.dirname(path.dirname(DEMO_CLI)),
    },
  });
  expect(added.status()).toBe(201);
});
test.afterAll(async ({ request }) => {
  await request.delete("/api/servers/big");
});

test("10,000 tools render, scroll and filter", async ({ page }) => {
  test.setTimeout(60_000);
  const bench = new Workbench(page);
  await page.goto("/servers/big");
  await expect(bench.count).toHaveText("10025 tools", { timeout: 30_000 });
  expect(await bench.items.count()).toBeLessThan(60);

  await page.getByTestId("catalog-list").evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(bench.item("gen_fetch_event_09990")).toBeVisible();
  expect(await bench.items.count()).toBeLessThan(60);

  await bench.filter.fill("sync invoice");
  await expect(bench.count).toHaveText("100 of 10025 tools");
  await bench.filter.fill("gen_export_event_09998");
  await expect(bench.count).toHaveText("1 of 10025 tools");
  await bench.item("gen_export_event_09998").click();
  // A page of 10,000 tools opens one of them: on two busy cores that can take a while.
  await expect(page.getByTestId("tool-title")).toHaveText("export event #9998", { timeout: 30_000 });
});

test("the server's page, its tool policy open, holds nothing per tool: under 2,000 elements with 10,000 tools", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto("/servers/big");
  await expect(page.getByTestId("server-overview")).toContainText("10026 (1 only for MCP Apps", { timeout: 30_000 });
  // The picker's popover closes when the page moves under it (React Aria closes on scroll), so
  // open it once what loads late above it has arrived: the grade, the log, stderr.
  await expect(page.getByTestId("grade-badge")).toBeVisible({ timeout: 30_000 });
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 30_000 });
  const policy = page.getByTestId("tool-policy-panel");
  await policy.getByRole("button").first().click();
  const picker = policy.getByRole("combobox", { name: "Tool to add an exception for" });
  await expect(picker).toBeVisible();
  await picker.click();
  const options = page.getByTestId("policy-add-tool-options").getByRole("option");
  await expect(options).toHaveCount(50);
  await expect(page.getByTestId("policy-add-tool-more")).toHaveText("50 of 10,026 shown: type to narrow.");
  // Counts that do not depend on the machine: no <option> per tool, and a bounded page.
  expect(await page.locator("option").count()).toBeLessThan(100);
  expect(await page.evaluate(() => document.querySelectorAll("*").length)).toBeLessThanOrEqual(2_000);

  // Typing narrows it; the keyboard picks.
  await picker.fill("_0999");
  await expect(options).toHaveCount(10);
  await picker.press("ArrowDown");
  await picker.press("Enter");
  await expect(picker).toHaveValue(/^gen_\w+_09990$/);
  const picked = await picker.inputValue();
  await policy.getByRole("button", { name: "Add", exact: true }).click();
  await expect(policy.getByTestId(`policy-tool-${picked}-who`)).toBeVisible();
  // The picker starts afresh, without the tool that now has its exception.
  await expect(picker).toHaveValue("");
});
