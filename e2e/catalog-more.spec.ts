// More of the catalog: the theme toggle switching icons to the chosen theme's, and the
// invalid/lint filter keeping exactly the flagged tools. Which icon a tool shows, by colour scheme
// and by size, is tested on the icon alone (components/catalog/tool-icon.test.tsx), and how a
// declared hint is drawn on the badges alone (components/catalog/hint-badges.test.tsx).
import { expect, test } from "./test";
import { type Locator } from "@playwright/test";
import { WEATHER_ICONS } from "../lib/demo-server/icons";
import { stdioCommand } from "../test/fixtures/spawn";
import { Workbench } from "./pages/workbench";

test.beforeAll(async ({ request }) => {
  expect((await request.post("/api/servers", { data: { id: "lint-2026", ...stdioCommand("modern-2026.ts", "stdio") } })).status()).toBe(
    201,
  );
});
test.afterAll(async ({ request }) => {
  await request.delete("/api/servers/lint-2026");
});

/** The src of get_weather's PNG icon for a theme and size, as the demo server lists it. */
function weatherIcon(theme: "light" | "dark", size: number): string {
  const icon = WEATHER_ICONS.find((i) => i.theme === theme && i.sizes?.includes(`${size}x${size}`));
  if (!icon) throw new Error(`the demo lists no ${theme} ${size}px weather icon`);
  return icon.src;
}

const visibleIcon = (scope: Locator): Locator => scope.getByTestId("tool-icon").locator("img:visible");

test("the theme toggle switches get_weather's icon to the chosen theme's", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  const bench = new Workbench(page);
  await bench.open();
  const icon = visibleIcon(bench.item("get_weather"));
  await expect(icon).toHaveAttribute("src", weatherIcon("light", 48));
  const toggle = page.getByTestId("theme-toggle");
  await expect(toggle).toHaveAttribute("aria-label", "System theme");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-label", "Light theme");
  await expect(icon).toHaveAttribute("src", weatherIcon("light", 48));
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-label", "Dark theme");
  await expect(icon).toHaveAttribute("src", weatherIcon("dark", 48));
  // The choice outlives a reload, whatever the system's scheme.
  await page.reload();
  await expect(visibleIcon(bench.item("get_weather"))).toHaveAttribute("src", weatherIcon("dark", 48));
});

test("the invalid/lint filter keeps exactly the tools with lint findings", async ({ page, request }) => {
  await expect.poll(async () => (await (await request.get("/api/servers/lint-2026")).json()).server.status).toBe("ready");
  const { tools, lint } = await (await request.get("/api/servers/lint-2026/tools")).json();
  expect(Object.keys(lint)).toEqual(["bad_header"]);
  expect(tools).toHaveLength(4);

  const bench = new Workbench(page);
  await bench.open("lint-2026");
  await expect(bench.count).toHaveText("4 tools");
  await page.getByTestId("filter-invalid").click();
  await expect(page).toHaveURL(/f=invalid/);
  await expect(bench.count).toHaveText("1 of 4 tools");
  await expect(bench.items).toHaveCount(1);
  await expect(bench.items).toHaveAttribute("data-tool-name", "bad_header");
  await expect(bench.item("bad_header").getByTestId("badge-lint")).toHaveText("⚠ 1 lint");
  // It combines with the other filters (AND): bad_header declares no hints, so it is not read-only.
  await page.getByTestId("filter-readonly").click();
  await expect(bench.count).toHaveText("0 of 4 tools");
  await page.getByTestId("filter-readonly").click();
  await page.getByTestId("filter-invalid").click();
  await expect(bench.count).toHaveText("4 tools");
  await expect(page.getByTestId("badge-lint")).toHaveCount(1);
});
