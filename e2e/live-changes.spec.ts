// Live highlights of what a list_changed moved: a removed tool named in a notice that then
// fades, a changed tool marked "changed" (not added), and the "updated" indicator following
// the refresh.
import { expect, test } from "./test";
import { type APIRequestContext } from "@playwright/test";
import { stdioCommand } from "../test/fixtures/spawn";
import { Workbench } from "./pages/workbench";

test.beforeAll(async ({ request }) => {
  expect((await request.post("/api/servers", { data: { id: "list-changes", ...stdioCommand("list-changes.ts", "stdio") } })).status()).toBe(
    201,
  );
});
test.afterAll(async ({ request }) => {
  await request.delete("/api/servers/list-changes");
});

async function toolNames(request: APIRequestContext, serverId: string): Promise<string[]> {
  const { tools } = await (await request.get(`/api/servers/${serverId}/tools`)).json();
  return tools.map((t: { name: string }) => t.name);
}

async function toggleBonusTool(request: APIRequestContext): Promise<void> {
  const response = await request.post("/api/servers/demo/tools/toggle_bonus_tool/call", { data: { arguments: {} } });
  expect(response.ok()).toBe(true);
}

test("a tool removed by list_changed is named in a notice that fades, and leaves the list", async ({ page, request }) => {
  const hadBonus = (await toolNames(request, "demo")).includes("bonus_tool");
  if (!hadBonus) {
    await toggleBonusTool(request);
    await expect.poll(() => toolNames(request, "demo")).toContain("bonus_tool");
  }
  try {
    const bench = new Workbench(page);
    await bench.open();
    await expect(bench.count).toHaveText("26 tools");
    // bonus_tool comes last, below the fold of the virtual list: search for it.
    await bench.filter.fill("bonus");
    await expect(bench.count).toHaveText(/ of 26 tools$/);
    await expect(bench.item("bonus_tool")).toHaveCount(1);
    await expect(page.getByTestId("catalog-removed")).toHaveCount(0);

    await toggleBonusTool(request);
    await expect(page.getByTestId("catalog-removed")).toHaveText("Removed: bonus_tool");
    await expect(bench.count).toHaveText(/ of 25 tools$/);
    await expect(bench.item("bonus_tool")).toHaveCount(0);
    // Nothing else moved, so nothing else is highlighted.
    await expect(page.locator("[data-testid=catalog-item][data-highlight]")).toHaveCount(0);
    // The notice fades after a few seconds.
    await expect(page.getByTestId("catalog-removed")).toHaveCount(0);
  } finally {
    // Leave the demo as this test found it.
    if (hadBonus) await toggleBonusTool(request);
  }
});

test("a tool whose definition changes is marked changed, and the updated indicator follows", async ({ page, request }) => {
  test.setTimeout(60_000); // waits for the indicator to age (up to 10 s) and the highlight to fade (5 s)
  const bench = new Workbench(page);
  await bench.open("list-changes");
  const target = bench.item("target");
  await expect(target).toContainText("Revision 1.");
  await expect(target).not.toHaveAttribute("data-highlight");
  // The indicator ages while nothing happens...
  const updated = page.getByTestId("catalog-updated");
  await expect(updated).toHaveText(/^updated \d+s ago$/, { timeout: 15_000 });
  const before = await updated.getAttribute("title");

  const response = await request.post("/api/servers/list-changes/tools/revise/call", { data: { arguments: {} } });
  expect(response.ok()).toBe(true);

  await expect(target).toHaveAttribute("data-highlight", "changed");
  await expect(target).toContainText("changed");
  await expect(target).toContainText("Revision 2.");
  await expect(bench.item("revise")).not.toHaveAttribute("data-highlight");
  await expect(page.getByTestId("catalog-removed")).toHaveCount(0);
  // ...and is fresh again after the refresh.
  await expect(updated).toHaveText("updated just now");
  expect(await updated.getAttribute("title")).not.toBe(before);
  // The highlight fades.
  await expect(target).not.toHaveAttribute("data-highlight");
});
