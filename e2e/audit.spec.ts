// The audit page: filters, full-text search, a record's detail, replay into the tool's form,
// comparing two calls, the streamed exports and the hash chain's verification.
import fs from "node:fs";
import { randomBytes } from "node:crypto";
import { expect, test } from "./test";

const tag = randomBytes(3).toString("hex");
const lisbon = `Lisbon-${tag}`;
const oslo = `Oslo-${tag}`;

test.beforeAll(async ({ request }) => {
  for (const city of [lisbon, oslo]) {
    const response = await request.post("/api/servers/demo/tools/get_weather/call", { data: { arguments: { city } } });
    expect((await response.json()).status).toBe("ok");
  }
  await request.post("/api/servers/demo/tools/fail_tool/call", { data: { arguments: {} } });
});

test("filter, search, open a record and replay it into the tool's form", async ({ page }) => {
  await page.goto("/audit");
  await page.getByTestId("audit-q").fill(lisbon);
  await page.getByTestId("audit-apply").click();
  await expect(page).toHaveURL(new RegExp(`q=${lisbon}`));
  const rows = page.getByTestId("audit-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("get_weather");

  await page.getByTestId("audit-q").fill("");
  await page.getByTestId("audit-outcome-filter").selectOption("tool_error");
  await page.getByTestId("audit-apply").click();
  await expect(page).toHaveURL(/outcome=tool_error/);
  await expect(rows.first()).toBeVisible();
  for (const outcome of await page.getByTestId("audit-outcome").allTextContents()) expect(outcome).toMatch(/^Tool error/);

  await page.goto(`/audit?q=${oslo}`);
  await rows.first().click();
  const detail = page.getByTestId("audit-detail");
  await expect(detail).toBeVisible();
  await expect(page.getByTestId("audit-request")).toContainText(oslo);
  await expect(page.getByTestId("audit-response")).toContainText("structuredContent");
  await expect(detail).toContainText("local");

  await page.getByTestId("audit-replay").click();
  await expect(page).toHaveURL(/\/servers\/demo\/tools\/get_weather\?replay=/);
  await expect(page.getByTestId("replay-notice")).toContainText("Arguments restored");
  await expect(page.getByTestId("tool-panel").getByLabel(/^city\*?$/)).toHaveValue(oslo);
});

test("two calls compare argument by argument", async ({ page }) => {
  await page.goto(`/audit?q=${tag}`);
  const ticks = page.getByTestId("audit-tick");
  await expect(ticks).toHaveCount(2);
  await ticks.nth(0).check();
  await ticks.nth(1).check();
  await page.getByTestId("audit-compare").click();
  const args = page.getByTestId("diff-arguments");
  await expect(args).toContainText("1 difference");
  await expect(args.getByTestId("diff-change")).toHaveAttribute("data-kind", "changed");
  await expect(args).toContainText(".city");
  await expect(args).toContainText(lisbon);
  await expect(args).toContainText(oslo);
});

test("the filtered log exports as JSONL and CSV, and the chain verifies", async ({ page }) => {
  await page.goto(`/audit?q=${tag}`);
  const [jsonl] = await Promise.all([page.waitForEvent("download"), page.getByTestId("audit-export-jsonl").click()]);
  const lines = fs
    .readFileSync((await jsonl.path())!, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(lines.map((r) => r.arguments.city).sort()).toEqual([lisbon, oslo]);
  expect(lines.every((r) => typeof r.hash === "string" && r.hash.length === 64)).toBe(true);

  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByTestId("audit-export-csv").click()]);
  const text = fs.readFileSync((await csv.path())!, "utf8");
  const [header, ...rows] = text.trim().split("\r\n");
  expect(header).toMatch(/^id,started_at,ended_at,/);
  expect(rows).toHaveLength(2);
  expect(text).toContain(oslo);

  await page.getByTestId("audit-verify").click();
  await expect(page.getByTestId("audit-verify-result")).toContainText("Intact");
});

test("the client address is the socket's, whatever headers a caller sends", async ({ request }) => {
  const forged = await request.post("/api/servers/demo/tools/echo/call", {
    data: { arguments: { message: `forged-${tag}` }, _meta: { trace: tag } },
    headers: { "x-forwarded-for": "6.6.6.6", "x-toolscope-peer-address": "7.7.7.7" },
  });
  const { auditId } = await forged.json();
  const { record } = await (await request.get(`/api/audit/${auditId}`)).json();
  expect(record.client_ip).toBe("127.0.0.1");
  expect(record.request_meta).toEqual({ trace: tag });
  expect(record.actor).toBe("local");
});

test("the audit table by keyboard: arrows walk the rows, Space ticks two to compare, Enter opens one", async ({ page }) => {
  await page.goto(`/audit?q=${tag}`);
  const rows = page.getByTestId("audit-row");
  await expect(rows.nth(1)).toBeVisible();
  // Into the table by Tab, from the filters' last button: focus lands on its first row.
  await page.getByTestId("audit-apply").focus();
  for (let presses = 0; presses < 6 && !(await rows.first().evaluate((row) => row === document.activeElement)); presses++)
    await page.keyboard.press("Tab");
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowDown");
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press("Space");
  for (const row of [rows.nth(0), rows.nth(1)]) await expect(row.getByTestId("audit-tick")).toBeChecked();
  await expect(page.getByTestId("audit-compare")).toBeVisible();

  // Untick both, then Enter opens the focused record beside the list.
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Space");
  await expect(page.getByTestId("audit-compare")).toHaveCount(0);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/selected=/);
  await expect(page.getByTestId("audit-detail")).toContainText(tag);
});
