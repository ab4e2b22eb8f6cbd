// Confirmation before a risky call, as journeys: a trusted server's tools ask only when they declare
// themselves destructive, and the user can stop being asked for one (remembered in this browser,
// across a reload); an untrusted server's always ask; a collection can be pre-approved for Present. What the question says and offers, and its keyboard model, are tested
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
const SKIP_KEY = (serverId: string, tool: string): string => `toolscope.skip-confirm.${serverId}/${tool}`;

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

test("on a trusted server only a declared destructive tool asks; 'don't ask again' holds until reset", async ({ page }) => {
  const bench = new Workbench(page);
  const dialog = page.getByTestId("confirm-dialog");
  // The demo server is trusted: get_weather says it is read-only, and is believed.
  await bench.openTool("get_weather");
  await askWeather(bench, "Lisbon");
  await expectWeatherResult(page, "Lisbon");
  await expect(dialog).toHaveCount(0);

  const deleteMissing = async (): Promise<void> => {
    await bench.field("id").fill("no-such-note");
    await bench.runButton.click();
  };
  await bench.openTool("delete_note");
  try {
    await deleteMissing();
    await expect(dialog).toContainText("This tool may destroy data.");
    await expect(dialog).not.toContainText("not believed");
    const dontAsk = dialog.getByRole("checkbox", { name: /Don't ask again for this tool on Demo server/ });
    await expect(dontAsk).not.toBeChecked();
    await dontAsk.check();
    await page.getByTestId("confirm-run").click();
    await expect(bench.result).toBeVisible();

    // The next run, and a run after a reload, go straight through.
    await deleteMissing();
    await expect(bench.result).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await bench.openTool("delete_note");
    await deleteMissing();
    await expect(bench.result).toBeVisible();
    await expect(dialog).toHaveCount(0);
  } finally {
    await page.evaluate((key) => window.localStorage.removeItem(key), SKIP_KEY("demo", "delete_note"));
  }
  // Reset, it asks again.
  await bench.openTool("delete_note");
  await deleteMissing();
  await expect(dialog).toBeVisible();
});

test("an untrusted server's open-world tool asks every time, with no way to stop asking", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("get_weather", UNTRUSTED);
  await askWeather(bench, "Evora");
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toContainText("is not trusted, so what its tools say about themselves is not believed");
  await expect(dialog.getByRole("checkbox")).toHaveCount(0);
  await page.getByTestId("confirm-run").click();
  await expectWeatherResult(page, "Evora");
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

test("a saved call of a risky tool asks in a real dialog on its page: Escape cancels, Run runs", async ({ page, request }) => {
  const saved = await request.post("/api/saved-calls", {
    headers: { origin: sharedToolscopeUrl() },
    data: { name: "Weather in Tromsø", serverId: UNTRUSTED, toolName: "get_weather", arguments: { city: "Tromsø" } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const { savedCall } = (await saved.json()) as { savedCall: { id: string } };
  const before = ((await (await request.get(`/api/audit?server=${UNTRUSTED}&tool=get_weather&limit=100`)).json()) as { records: unknown[] })
    .records.length;
  await page.goto(`/saved/calls/${savedCall.id}`);
  const dialog = page.getByRole("alertdialog", { name: "Run Weather in Tromsø?" });
  await page.getByTestId("saved-call-run").click();
  await expect(dialog).toContainText("reaches the outside world");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await page.getByTestId("saved-call-run").click();
  await dialog.getByRole("button", { name: "Run" }).click();
  await expect(dialog).toHaveCount(0);
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/audit?server=${UNTRUSTED}&tool=get_weather&limit=100`)).json()) as { records: unknown[] }).records
          .length,
    )
    .toBe(before + 1);
});
