// Deep links to a tool with arguments: /servers/{id}/tools/{name}?args={json}. The form is filled
// in and checked against the schema, and nothing runs; a link copied from the form leaves secrets out.
import { randomUUID } from "node:crypto";
import { expect, test } from "./test";
import { Workbench } from "./pages/workbench";
import { expectAccessible, THEMES } from "./accessible";

const link = (tool: string, args: unknown): string => `/servers/demo/tools/${tool}?args=${encodeURIComponent(JSON.stringify(args))}`;

test("a link fills the form in and never runs the tool", async ({ page, request }) => {
  const city = `Linkville-${randomUUID().slice(0, 8)}`;
  await page.goto(link("get_weather", { city }));
  const panel = page.getByTestId("tool-panel");
  await expect(panel.getByLabel(/^city\*?$/)).toHaveValue(city);
  await expect(page.getByTestId("link-notice")).toContainText("nothing runs until you click Run");
  await expect(page.getByTestId("link-problems")).toHaveCount(0);
  await page.waitForTimeout(1_000);
  await expect(page.getByTestId("result-panel")).toHaveCount(0);
  const { records } = (await (await request.get(`/api/audit?q=${city}`)).json()) as { records: unknown[] };
  expect(records).toEqual([]);
});

test("a link whose arguments do not fit the schema says what is wrong; one that is not JSON is not used", async ({ page }) => {
  await page.goto(link("get_weather", { city: 42 }));
  await expect(page.getByTestId("link-problems")).toContainText("city");
  await page.goto("/servers/demo/tools/get_weather?args=%7Bnot-json");
  await expect(page.getByTestId("link-notice")).toContainText("not JSON");
  await page.goto(`/servers/demo/tools/get_weather?args=${encodeURIComponent("[1,2]")}`);
  await expect(page.getByTestId("link-notice")).toContainText("must be a JSON object");
});

test("a link copied from the form opens the same arguments, without the secrets", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const bench = new Workbench(page);
  await bench.openTool("sign_in");
  await bench.field("username").fill("ada-link");
  await bench.field("password").fill("correct horse battery");
  await page.getByText("JSON-RPC request and copy").click();
  await page.getByTestId("copy-link").click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain("/servers/demo/tools/sign_in?args=");
  expect(decodeURIComponent(copied)).not.toContain("correct horse battery");
  await page.goto(copied);
  await expect(page.getByTestId("tool-panel").getByLabel(/^username\*?$/)).toHaveValue("ada-link");
  await expect(page.getByTestId("link-notice")).toContainText("Secret values are not carried in links");
});

test("a link to nothing: a 404 in Toolscope's theme, with the way on, accessible in both themes", async ({ page }) => {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    const answer = await page.goto("/saved/calls/no-such-call");
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Nothing here" })).toBeVisible();
    await expectAccessible(page, "a page that is not there", theme);
  }
  await page.getByRole("navigation", { name: "Where to go instead" }).getByRole("link", { name: "Tools" }).click();
  await expect(page).toHaveURL(/\/$/);
});
