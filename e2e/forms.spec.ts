// Forms built from real schemas: nested objects, arrays of objects, a oneOf variant picker,
// anyOf, recursive $ref, an additionalProperties map, nullable fields and formats. Each test
// fills the form like a user and checks the arguments the server received.
import { expect, test, type Page } from "@playwright/test";
import { Workbench } from "./pages/workbench";

async function sentArguments(page: Page): Promise<Record<string, unknown>> {
  const auditId = await new Workbench(page).auditId();
  const { records } = await (await page.request.get("/api/audit?limit=20")).json();
  return records.find((r: { id: string }) => r.id === auditId).arguments;
}

test("nested objects and arrays of objects, with add and remove", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("create_note");
  const panel = page.getByTestId("tool-panel");
  await bench.field("title").fill("Trip");
  await bench.field("name").fill("Ada");
  await bench.field("email").fill("ada@example.com");
  const addLink = panel.getByRole("button", { name: "Add item" }).last();
  await addLink.click();
  await addLink.click();
  await expect(panel.getByLabel(/^url\*?$/)).toHaveCount(2);
  await panel
    .getByLabel(/^url\*?$/)
    .nth(0)
    .fill("https://example.com/a");
  await panel
    .getByLabel(/^url\*?$/)
    .nth(1)
    .fill("https://example.com/b");
  await panel.getByRole("button", { name: "Remove item" }).first().click();
  await expect(panel.getByLabel(/^url\*?$/)).toHaveCount(1);
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "ok");
  const args = await sentArguments(page);
  expect(args).toMatchObject({
    title: "Trip",
    author: { name: "Ada", email: "ada@example.com" },
    links: [{ url: "https://example.com/b" }],
  });
});

test("a oneOf variant picker, an anyOf and a $ref'd pattern", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("configure_alert");
  const panel = page.getByTestId("tool-panel");
  await bench.field("metric").selectOption("latency");
  await panel.locator("select").nth(1).selectOption({ label: "Percentage" });
  await bench.field("Percentage").fill("90%");
  await bench.field("window").fill("5m");
  await panel.locator("select").nth(2).selectOption({ label: "Webhook" });
  await bench.field("url").fill("https://hooks.example.com/x");
  await expect(bench.field("secret")).toHaveAttribute("type", "password");
  await bench.field("secret").fill("hook-secret");
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "ok");
  const args = await sentArguments(page);
  expect(args).toMatchObject({
    metric: "latency",
    threshold: "90%",
    window: "5m",
    channel: { kind: "webhook", url: "https://hooks.example.com/x", secret: "[redacted]" },
  });
});

test("a recursive $ref and an additionalProperties map", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("plan_project");
  await bench.field("project").fill("Launch");
  // tasks has minItems: 1, so the form starts with one task.
  await expect(bench.field("name")).toHaveCount(1);
  await bench.field("name").fill("Design");
  await bench.field("estimateHours").fill("3");
  await bench.run();
  await expect(bench.result).toContainText("Launch: 3 hours in all.");
});

test("formats, defaults and nullable fields", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("schedule_meeting");
  await expect(bench.field("durationMinutes")).toHaveValue("30");
  await expect(bench.field("day")).toHaveAttribute("type", "date");
  await expect(bench.field("organizer")).toHaveAttribute("type", "email");
  await bench.field("subject").fill("Review");
  await bench.field("day").fill("2026-12-01");
  await bench.field("organizer").fill("not-an-email");
  await bench.runButton.click();
  await expect(page.locator(".rjsf-theme .error-detail").first()).toContainText('must match format "email"');
  await bench.field("organizer").fill("ada@example.com");
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "ok");
  const args = await sentArguments(page);
  expect(args).toMatchObject({
    subject: "Review",
    day: "2026-12-01",
    organizer: "ada@example.com",
    durationMinutes: 30,
    priority: "normal",
  });
});
