// More of the catalog: which icon is shown (by theme, whether from the colour scheme or the
// theme toggle, and by size), the invalid/lint filter keeping exactly the flagged tools, and
// an explicitly declared hint drawn as explicit.
import { expect, test } from "./test";
import { type Locator } from "@playwright/test";
import { WEATHER_ICONS } from "../lib/demo-server/icons";
import { stdioCommand } from "../test/fixtures/spawn";
import { Workbench } from "./pages/workbench";

test.beforeAll(async ({ request }) => {
  expect((await request.post("/api/servers", { data: { id: "icon-sizes", ...stdioCommand("icon-sizes.ts", "stdio") } })).status()).toBe(
    201,
  );
  expect((await request.post("/api/servers", { data: { id: "lint-2026", ...stdioCommand("modern-2026.ts", "stdio") } })).status()).toBe(
    201,
  );
});
test.afterAll(async ({ request }) => {
  await request.delete("/api/servers/icon-sizes");
  await request.delete("/api/servers/lint-2026");
});

/** The src of get_weather's PNG icon for a theme and size, as the demo server lists it. */
function weatherIcon(theme: "light" | "dark", size: number): string {
  const icon = WEATHER_ICONS.find((i) => i.theme === theme && i.sizes?.includes(`${size}x${size}`));
  if (!icon) throw new Error(`the demo lists no ${theme} ${size}px weather icon`);
  return icon.src;
}

const visibleIcon = (scope: Locator): Locator => scope.getByTestId("tool-icon").locator("img:visible");
const naturalWidth = (img: Locator): Promise<number> => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));

for (const theme of ["light", "dark"] as const) {
  test(`a ${theme} colour scheme shows get_weather's ${theme} icon, the smallest at least twice the drawn size`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    const bench = new Workbench(page);
    await bench.open();
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    // The row draws it at 20 px: of the 16, 32 and 48 px icons, 48 is the smallest of at least 40.
    const row = visibleIcon(bench.item("get_weather"));
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute("src", weatherIcon(theme, 48));
    await expect.poll(() => naturalWidth(row)).toBe(48);
    // The tool's header draws it at 32 px: none reaches 64, so the largest of the theme.
    await bench.item("get_weather").click();
    const header = visibleIcon(page.getByTestId("tool-panel"));
    await expect(header).toHaveCount(1);
    await expect(header).toHaveAttribute("src", weatherIcon(theme, 48));
  });
}

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

test("an icon is picked by size: the smallest at least twice the drawn size, else the largest", async ({ page }) => {
  // The fixture's tool lists PNGs of 128, 16, 64, 24, 48 and 40 px, in that order.
  const bench = new Workbench(page);
  await bench.open("icon-sizes");
  const row = visibleIcon(bench.item("sized"));
  await expect(row).toHaveCount(1);
  await expect.poll(() => naturalWidth(row)).toBe(40); // drawn at 20 px
  await bench.item("sized").click();
  const header = visibleIcon(page.getByTestId("tool-panel"));
  await expect.poll(() => naturalWidth(header)).toBe(64); // drawn at 32 px
  await page.keyboard.press("Control+k");
  await page.keyboard.type("sized");
  const palette = visibleIcon(page.getByTestId("command-palette"));
  await expect(palette.first()).toBeVisible();
  await expect.poll(() => naturalWidth(palette.first())).toBe(40); // drawn at 18 px
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

test("an open-world hint the server declares is drawn as explicit, an implied one dashed", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.open();
  // get_weather declares openWorldHint: true; echo declares nothing, so the spec's default applies.
  const declared = bench.item("get_weather").getByTestId("badge-open-world");
  const implied = bench.item("echo").getByTestId("badge-open-world");
  await expect(declared).toBeVisible();
  await expect(declared).not.toHaveAttribute("data-implied");
  await expect(declared).toHaveAttribute("title", "Open world: declared by the server");
  await expect(declared).toHaveCSS("border-top-style", "solid");
  await expect(implied).toHaveAttribute("data-implied", "true");
  await expect(implied).toHaveAttribute("title", /implied by the spec's default/);
  await expect(implied).toHaveCSS("border-top-style", "dashed");
  // The tool's own page tells the same.
  await bench.item("get_weather").click();
  await expect(page.getByTestId("tool-panel").getByTestId("badge-open-world")).not.toHaveAttribute("data-implied");
  await page.getByTestId("tool-details").getByText("Annotations").click();
  await expect(page.getByTestId("annotation-table").getByRole("row", { name: /^Open world/ })).toContainText("declared by the server");
});
