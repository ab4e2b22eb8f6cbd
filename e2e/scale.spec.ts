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
  await expect(page.getByTestId("tool-title")).toHaveText("export event #9998");
});
