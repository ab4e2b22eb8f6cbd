// The vertical slice, in Chromium: list the demo server's tools, open one, fill its form,
// run it through Toolscope's server, see the result, and find the call in the audit log.
import { expect, test } from "./test";
import { Workbench } from "./pages/workbench";

test("lists the demo tools, runs one from its form, and records it in the audit log", async ({ page }) => {
  const bench = new Workbench(page);
  await page.goto("/");
  await page.locator('[data-testid=home-server][data-server-id="demo"]').click();
  await expect(page).toHaveURL(/\/servers\/demo$/);
  await expect(bench.count).toHaveText("25 tools");
  await expect(page.getByTestId("protocol-version")).toHaveText("2026-07-28");

  await bench.filter.fill("weather");
  await expect(bench.items).toHaveCount(1);
  await bench.item("get_weather").click();
  await expect(page).toHaveURL(/\/servers\/demo\/tools\/get_weather(\?|$)/);
  await expect(page.getByTestId("tool-title")).toHaveText("Weather");

  await bench.field("city").fill("Lisbon");
  await bench.field("units").selectOption({ label: "Fahrenheit" });
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "ok");
  await expect(page.getByTestId("structured-content")).toContainText('"city": "Lisbon"');
  await expect(page.getByTestId("structured-content")).toContainText('"units": "imperial"');
  await expect(page.getByTestId("output-verdict")).toHaveAttribute("data-verdict", "valid");
  const auditId = await bench.auditId();

  await page.getByRole("link", { name: "Audit log" }).click();
  const row = page.locator(`[data-testid=audit-row][data-audit-id="${auditId}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText("get_weather");
  await expect(row.getByTestId("audit-outcome")).toHaveText("Success");
  await expect(row).toContainText('"city":"Lisbon"');
});

test("a form that does not validate is not sent", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("get_weather");
  await bench.runButton.click();
  await expect(page.locator(".rjsf-theme .error-detail").first()).toContainText("city is required");
  await expect(bench.result).toHaveCount(0);
});

test("the three failure kinds look different", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("fail_tool");
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "tool_error");
  await expect(page.getByTestId("result-status")).toHaveText("Tool error");

  await bench.openTool("protocol_error");
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "protocol_error");
  await expect(page.getByTestId("result-status")).toHaveText("Protocol error -32603");
  await expect(page.getByTestId("result-error")).toContainText("refused this request on purpose");

  await bench.openTool("broken_structured");
  await bench.run();
  await expect(page.getByTestId("output-verdict")).toHaveAttribute("data-verdict", "invalid");
  await expect(page.getByTestId("output-verdict")).toContainText("/count");
});

test("media results render: image, audio, resources, annotations", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("draw_chart");
  await bench.run();
  const image = page.getByTestId("content-image");
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);

  await bench.openTool("play_tone");
  await bench.run();
  await expect(page.getByTestId("content-audio")).toBeVisible();
  await expect.poll(() => page.getByTestId("content-audio").evaluate((a: HTMLAudioElement) => a.duration)).toBeCloseTo(0.6, 1);

  await bench.openTool("embed_resources");
  await bench.run();
  await expect(page.getByTestId("content-resource-text")).toContainText("month,visitors");
  await expect(page.getByTestId("content-resource-blob")).toContainText("image/png");

  await bench.openTool("annotated_content");
  await bench.run();
  await expect(page.getByTestId("content-annotations").first()).toContainText("audience: user");
  await expect(page.getByTestId("content-annotations").first()).toContainText("priority: 0.9");
});

test("a writeOnly password is masked in the form and redacted in the audit log", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("sign_in");
  await expect(bench.field("password")).toHaveAttribute("type", "password");
  await bench.field("username").fill("ada");
  await bench.field("password").fill("correct horse battery");
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "ok");
  const auditId = await bench.auditId();
  const record = await (await page.request.get(`/api/audit?limit=20`)).json();
  const entry = record.records.find((r: { id: string }) => r.id === auditId);
  expect(entry.arguments).toEqual({ username: "ada", password: "[redacted]", remember: false });
  expect(JSON.stringify(record)).not.toContain("correct horse battery");
});

test("a destructive tool asks for confirmation with the exact arguments; cancelling sends nothing", async ({ page, request }) => {
  const bench = new Workbench(page);
  await bench.openTool("delete_note");
  await bench.field("id").fill("welcome");
  const before = (await (await request.get("/api/audit?tool=delete_note&limit=50")).json()).records.length;
  await bench.runButton.click();
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toContainText("may destroy data");
  await expect(page.getByTestId("confirm-arguments")).toContainText('"id": "welcome"');
  await page.getByTestId("confirm-cancel").click();
  await expect(dialog).toHaveCount(0);
  await expect(bench.result).toHaveCount(0);
  expect((await (await request.get("/api/audit?tool=delete_note&limit=50")).json()).records.length).toBe(before);

  await bench.runButton.click();
  await page.getByTestId("confirm-run").click();
  await expect(bench.result).toHaveAttribute("data-status", "ok");
  // A read-only, closed-world tool runs without asking.
  await bench.openTool("list_notes");
  await bench.runButton.click();
  await expect(bench.result).toBeVisible();
  await expect(dialog).toHaveCount(0);
});
