// What a server changes while its page is open: a watched resource read again each time the
// server says it changed, with what changed (on a 2026-07-28 connection, through
// subscriptions/listen, and on a 2025-11-25 one, through resources/subscribe), the resources and
// prompts lists listed again when the server says they changed, and the server's page telling
// of every notification (and pinging, which 2025-11-25 has).
import path from "node:path";
import { expect, test } from "./test";
import { ServerFeatures } from "./pages/server-features";
import { programArgs } from "../test/programs";
import { REPO_ROOT } from "../test/fixtures/spawn";

/** The demo server as a 2025-era server: its own process, so its lists change for this spec alone. */
const LEGACY = "demo-legacy";
const CLOCK = "demo://clock/now";

test.beforeAll(async ({ request }) => {
  const command = {
    command: process.execPath,
    args: [...programArgs(path.join(REPO_ROOT, "lib/demo-server/cli.ts")), "stdio", "--legacy"],
  };
  const added = await request.post("/api/servers", { data: { id: LEGACY, name: "Demo (2025-11-25)", ...command, cwd: REPO_ROOT } });
  expect(added.ok(), await added.text()).toBe(true);
  await expect
    .poll(async () => (await (await request.get(`/api/servers/${LEGACY}`)).json()).server.protocolVersion, { timeout: 20_000 })
    .toBe("2025-11-25");
});

/** The bundled demo server's session is a 2026-07-28 one (what the first test is about) before it runs. */
test.beforeAll(async ({ request }) => {
  const revision = async (): Promise<string | null> => (await (await request.get("/api/servers/demo")).json()).server.protocolVersion;
  if ((await revision()) === "2026-07-28") return;
  // Over stdio, the SDK settles for 2025-11-25 when its server/discover probe has no answer in
  // 15 s, which a machine busy enough (two suites on two cores) can cause: this spec is about
  // watching, not negotiating, so the session is opened again.
  const reconnected = await request.post("/api/servers/demo/reconnect");
  expect(reconnected.ok(), await reconnected.text()).toBe(true);
  await expect.poll(revision, { timeout: 40_000 }).toBe("2026-07-28");
});

test.afterAll(async ({ request }) => {
  await request.delete(`/api/servers/${LEGACY}`);
});

for (const [serverId, revision, method] of [
  ["demo", "2026-07-28", "subscriptions/listen"],
  [LEGACY, "2025-11-25", "resources/subscribe"],
] as const) {
  test(`a watched resource updates live, with what changed (${revision})`, async ({ page }) => {
    const features = new ServerFeatures(page);
    await features.openResources(serverId);
    await features.read(CLOCK);
    const first = await features.readPanel.getByTestId("resource-json").textContent();

    await features.readPanel.getByRole("button", { name: "Watch" }).click();
    const status = features.readPanel.getByTestId("resource-watch-status");
    await expect(status).toContainText(`Watching (${method})`);
    // The clock moves every 3 s: the page hears of it and reads it again.
    await expect(status.getByTestId("resource-watch-updated")).toContainText(/updated (just now|\d+ s ago) · \d+ updates?/, {
      timeout: 20_000,
    });
    const changes = features.readPanel.getByTestId("resource-changes");
    await expect(changes.getByTestId("resource-change-summary")).toHaveText("2 lines added, 2 removed");
    await expect(changes.locator('[data-testid=resource-diff-line][data-sign="+"]').filter({ hasText: '"tick"' })).toHaveCount(1);
    await expect(features.readPanel.getByTestId("resource-json")).not.toHaveText(first ?? "");

    // Pressed again, the watch stops.
    const watch = features.readPanel.getByRole("button", { name: /Watch/ });
    await expect(watch).toHaveAttribute("aria-pressed", "true");
    await watch.click();
    await expect(watch).toHaveAttribute("aria-pressed", "false");
    await expect(status).toHaveCount(0);
    // Each re-read is a read like any other: in the audit log.
    await page.goto(`/audit?kind=resource_read&server=${serverId}`);
    await expect(page.locator("tbody tr").filter({ hasText: CLOCK }).nth(1)).toBeVisible();
  });
}

test("resources and prompts are listed again when the server says they changed", async ({ page }) => {
  const features = new ServerFeatures(page);
  const toggle = async (): Promise<void> => {
    const called = await page.request.post(`/api/servers/${LEGACY}/tools/toggle_bonus_tool/call`, {
      headers: { origin: new URL(page.url()).origin },
      data: { arguments: {} },
    });
    expect(called.ok(), await called.text()).toBe(true);
  };
  await features.openResources(LEGACY);
  await expect(features.resource("demo://bonus/notes.md")).toHaveCount(0);
  await toggle();
  await expect(features.resource("demo://bonus/notes.md")).toBeVisible();
  await expect(page.getByTestId("list-changed")).toContainText("The server said its resources changed at");

  await features.openPrompts(LEGACY);
  await expect(features.prompt("Bonus prompt")).toBeVisible();
  await toggle();
  await expect(features.prompt("Bonus prompt")).toHaveCount(0);
  await expect(page.getByTestId("list-changed")).toContainText("The server said its prompts changed at");

  // The server's page tells of every notification either way: the list changes, and a call's progress.
  const slow = await page.request.post(`/api/servers/${LEGACY}/tools/slow_task/call`, {
    headers: { origin: new URL(page.url()).origin },
    data: { arguments: { steps: 2, stepMs: 10 } },
  });
  expect(slow.ok(), await slow.text()).toBe(true);
  await page.goto(`/servers/${LEGACY}`);
  const notices = page.getByTestId("server-notices");
  await notices.getByTestId("server-notices-filter").selectOption("lists");
  for (const list of ["tools", "resources", "prompts"])
    await expect(notices.locator(`[data-testid=server-notice][data-method="notifications/${list}/list_changed"]`)).toHaveCount(2);
  // A 2025-11-25 session has ping, timed, and takes a log level.
  await page.getByRole("button", { name: "Ping" }).click();
  await expect(page.getByTestId("ping-answer")).toContainText(/answered in [\d.]+ ms/);
  await expect(page.getByTestId("server-log-level")).toBeVisible();
  await notices.getByTestId("server-notices-filter").selectOption("progress");
  await expect(notices.getByTestId("server-notice").filter({ hasText: "2 of 2 · Step 2 of 2" })).toHaveAttribute("data-direction", "in");
});
