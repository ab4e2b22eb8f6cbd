// Confirmation before a call that reaches the outside world: the reason is shown, and only
// for a trusted server can the user stop being asked (remembered in this browser).
import { expect, test } from "./test";
import { type Page } from "@playwright/test";
import { REPO_ROOT } from "../lib/testing/fixtures/spawn";
import { DEMO_CLI } from "../lib/testing/demo-client";
import { Workbench } from "./pages/workbench";

// The demo server, added a second time without `trusted`.
const UNTRUSTED = "untrusted-stdio-demo";
const SKIP_KEY = (serverId: string): string => `toolscope.skip-confirm.${serverId}`;

test.beforeAll(async ({ request }) => {
  const added = await request.post("/api/servers", {
    data: { id: UNTRUSTED, command: process.execPath, args: ["--import", "tsx", DEMO_CLI, "stdio"], cwd: REPO_ROOT },
  });
  expect(added.status()).toBe(201);
  await expect
    .poll(async () => (await (await request.get(`/api/servers/${UNTRUSTED}`)).json()).server.status, { timeout: 20_000 })
    .toBe("ready");
});

test.afterAll(async ({ request }) => {
  await request.delete(`/api/servers/${UNTRUSTED}`);
});

async function askWeather(bench: Workbench, city: string): Promise<void> {
  await bench.field("city").fill(city);
  await bench.runButton.click();
}

async function expectWeatherResult(page: Page, city: string): Promise<void> {
  const bench = new Workbench(page);
  await expect(bench.result).toHaveAttribute("data-status", "ok");
  await expect(page.getByTestId("structured-content")).toContainText(`"city": "${city}"`);
}

test("an open-world tool on an untrusted server asks, says why, and offers no way out of asking", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("get_weather", UNTRUSTED);
  // Even a skip remembered for this server does not count while it is untrusted.
  await page.evaluate((key) => window.localStorage.setItem(key, "1"), SKIP_KEY(UNTRUSTED));
  await askWeather(bench, "Oslo");
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toContainText("This tool reaches the outside world.");
  await expect(dialog).toContainText("Its hints are unverified: the server is not marked trusted.");
  await expect(page.getByTestId("confirm-arguments")).toContainText('"city": "Oslo"');
  await expect(dialog.getByRole("checkbox")).toHaveCount(0);
  await expect(dialog).not.toContainText("Don't ask again");
  await page.getByTestId("confirm-run").click();
  await expectWeatherResult(page, "Oslo");
  await page.evaluate((key) => window.localStorage.removeItem(key), SKIP_KEY(UNTRUSTED));
});

test("on a trusted server, 'don't ask again' stops the asking until it is reset", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("get_weather");
  const dialog = page.getByTestId("confirm-dialog");
  try {
    await askWeather(bench, "Lisbon");
    await expect(dialog).toContainText("This tool reaches the outside world.");
    await expect(dialog).not.toContainText("unverified");
    const dontAsk = dialog.getByRole("checkbox", { name: /Don't ask again for Demo server/ });
    await expect(dontAsk).not.toBeChecked();
    await dontAsk.check();
    await page.getByTestId("confirm-run").click();
    await expectWeatherResult(page, "Lisbon");

    // The next run, and a run after a reload, go straight through.
    await askWeather(bench, "Porto");
    await expectWeatherResult(page, "Porto");
    await expect(dialog).toHaveCount(0);
    await bench.openTool("get_weather");
    await askWeather(bench, "Faro");
    await expectWeatherResult(page, "Faro");
    await expect(dialog).toHaveCount(0);
  } finally {
    await page.evaluate((key) => window.localStorage.removeItem(key), SKIP_KEY("demo"));
  }
  // Reset, it asks again.
  await bench.openTool("get_weather");
  await askWeather(bench, "Braga");
  await expect(dialog).toBeVisible();
});
