// Confirmation before a call that reaches the outside world, as journeys: on a trusted server the
// user can stop being asked (remembered in this browser, across a reload), and a collection can be
// pre-approved for Present. What the question says and offers, and its keyboard model, are tested
// on the dialog alone: components/invoke/confirm-call.test.tsx.
import { expect, test } from "./test";
import { sharedToolscopeUrl } from "./shared-toolscope";
import { type Page } from "@playwright/test";
import { REPO_ROOT } from "../test/fixtures/spawn";
import { DEMO_CLI } from "../test/demo-client";
import { Workbench } from "./pages/workbench";
import { programArgs } from "../test/programs";

// The demo server, added a second time without `trusted`.
const UNTRUSTED = "untrusted-stdio-demo";
const SKIP_KEY = (serverId: string): string => `toolscope.skip-confirm.${serverId}`;

test.beforeAll(async ({ request }) => {
  const added = await request.post("/api/servers", {
    data: { id: UNTRUSTED, command: process.execPath, args: [...programArgs(DEMO_CLI), "stdio"], cwd: REPO_ROOT },
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

test("a collection pre-approved for Present runs without dialogs, still audited; a call added later asks", async ({ page, request }) => {
  const origin = { origin: sharedToolscopeUrl() };
  const made = await request.post("/api/collections", { headers: origin, data: { name: "Pre-approved demo" } });
  const collectionId = ((await made.json()) as { collection: { id: string } }).collection.id;
  const save = async (name: string, city: string): Promise<void> => {
    const saved = await request.post("/api/saved-calls", {
      headers: origin,
      data: { name, serverId: UNTRUSTED, toolName: "get_weather", arguments: { city }, collectionIds: [collectionId] },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  };
  await save("Weather in Oslo", "Oslo");
  const presentation = page.getByTestId("presentation");
  const dialog = page.getByTestId("confirm-dialog");

  // Without the approval, Present asks before the open-world call.
  await page.goto(`/saved/collections/${collectionId}/present`);
  await expect(presentation.getByTestId("run-button")).toBeEnabled();
  await presentation.getByTestId("run-button").click();
  await expect(dialog).toBeVisible();
  await page.getByTestId("confirm-cancel").click();

  // Approved on the collection page, Present runs straight through and says it is pre-approved.
  await page.goto(`/saved/collections/${collectionId}`);
  await page.getByTestId("collection-preapprove").check();
  await page.getByTestId("collection-present").click();
  await expect(presentation.getByTestId("presentation-preapproved")).toBeVisible();
  await expect(presentation.getByTestId("run-button")).toBeEnabled();
  await presentation.getByTestId("run-button").click();
  await expect(presentation.getByTestId("result-panel")).toHaveAttribute("data-status", "ok");
  await expect(dialog).toHaveCount(0);
  const audited = await request.get(`/api/audit?server=${UNTRUSTED}&tool=get_weather`);
  expect(JSON.stringify(await audited.json())).toContain("Oslo");

  // A call saved into the collection afterwards is not covered: it still asks, and the page says so.
  await save("Weather in Bergen", "Bergen");
  await page.goto(`/saved/collections/${collectionId}`);
  await expect(page.getByTestId("collection-preapprove-stale")).toContainText("Weather in Bergen");
  await page.getByTestId("collection-present").click();
  await expect(presentation.getByTestId("presentation-position")).toHaveText("1 / 2");
  await expect(presentation.getByTestId("run-button")).toBeEnabled();
  await page.keyboard.press("ArrowRight");
  await expect(presentation.getByTestId("presentation-title")).toHaveText("Weather in Bergen");
  await expect(presentation.getByTestId("run-button")).toBeEnabled();
  await presentation.getByTestId("run-button").click();
  await expect(dialog).toBeVisible();
  await page.getByTestId("confirm-cancel").click();

  // Withdrawn, the first call asks again.
  await page.goto(`/saved/collections/${collectionId}`);
  await page.getByTestId("collection-preapprove").uncheck();
  await page.getByTestId("collection-present").click();
  await expect(presentation.getByTestId("presentation-preapproved")).toHaveCount(0);
  await expect(presentation.getByTestId("run-button")).toBeEnabled();
  await presentation.getByTestId("run-button").click();
  await expect(dialog).toBeVisible();
});
