// Forms built from real schemas: nested objects, arrays of objects, a oneOf variant picker,
// anyOf, recursive $ref, an additionalProperties map, nullable fields and formats. Each test
// fills the form like a user and checks the arguments the server received.
import { expect, test } from "./test";
import { type Page } from "@playwright/test";
import { Workbench } from "./pages/workbench";

async function sentArguments(page: Page): Promise<Record<string, unknown>> {
  const auditId = await new Workbench(page).auditId();
  const { records } = await (await page.request.get("/api/audit?limit=20")).json();
  return records.find((r: { id: string }) => r.id === auditId).arguments;
}

test("nested objects and arrays of objects, with add, remove and reorder", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("create_note");
  const panel = page.getByTestId("tool-panel");
  const urls = panel.getByLabel(/^url\*?$/);
  await bench.field("title").fill("Trip");
  await bench.field("name").fill("Ada");
  await bench.field("email").fill("ada@example.com");
  const addLink = panel.getByRole("group", { name: "links", exact: true }).getByRole("button", { name: "Add item" });
  for (const [i, name] of ["a", "b", "c"].entries()) {
    await addLink.click();
    await expect(urls).toHaveCount(i + 1);
    await panel
      .getByLabel(/^label$/)
      .nth(i)
      .fill(name.toUpperCase());
    await urls.nth(i).fill(`https://example.com/${name}`);
  }
  await panel.getByRole("button", { name: "Remove item" }).nth(1).click();
  await expect(urls).toHaveCount(2);
  // The tags array is empty, so the first "Move down" is the first link's.
  await panel.getByRole("button", { name: "Move down" }).first().click();
  await expect(urls.nth(0)).toHaveValue("https://example.com/c");
  await expect(urls.nth(1)).toHaveValue("https://example.com/a");
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "ok");
  const args = await sentArguments(page);
  expect(args).toMatchObject({ title: "Trip", author: { name: "Ada", email: "ada@example.com" } });
  // Each link moved as a whole (label with its url), and the removed one is gone.
  expect(args.links).toEqual([
    { label: "C", url: "https://example.com/c" },
    { label: "A", url: "https://example.com/a" },
  ]);
});

test("a oneOf variant picker, an anyOf and a $ref'd pattern", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("configure_alert");
  const panel = page.getByTestId("tool-panel");
  await bench.field("metric").selectOption("latency");
  // Each variant picker has a name of its own ("<field>: kind of value").
  await panel.getByLabel("threshold: kind of value").selectOption({ label: "Percentage" });
  await bench.field("Percentage").fill("90%");
  await bench.field("window").fill("5m");
  await panel.getByLabel("channel: kind of value").selectOption({ label: "Webhook" });
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
  const panel = page.getByTestId("tool-panel");
  await bench.field("project").fill("Launch");
  // tasks has minItems: 1, so the form starts with one task.
  await expect(bench.field("name")).toHaveCount(1);
  await bench.field("name").fill("Design");
  await bench.field("estimateHours").fill("3");
  // A task's subtasks are tasks again (the $ref points back at its own definition).
  const task = panel.getByRole("group", { name: /^tasks #1\*?$/ });
  await task.getByRole("group", { name: "subtasks", exact: true }).getByRole("button", { name: "Add item" }).click();
  const subtask = task.getByRole("group", { name: /^subtasks #1\*?$/ });
  await expect(subtask).toBeVisible();
  await subtask.getByLabel(/^name\*?$/).fill("Sketch");
  await subtask.getByLabel(/^estimateHours$/).fill("2");
  // The subtask has its own (empty) subtasks list: the recursion goes on as far as the user likes.
  await expect(subtask.getByRole("group", { name: "subtasks", exact: true })).toBeVisible();

  const labels = panel.getByRole("group", { name: "labels", exact: true });
  await labels.getByRole("button", { name: "Add item" }).click();
  await labels.getByLabel("newKey Key").fill("team");
  await labels.getByLabel("newKey Key").blur();
  await labels.getByLabel("team", { exact: true }).fill("platform");

  await bench.run();
  await expect(bench.result).toContainText("Launch: 5 hours in all.");
  const args = await sentArguments(page);
  expect(args).toMatchObject({ project: "Launch", tasks: [{ name: "Design", estimateHours: 3 }] });
  expect((args.tasks as { subtasks: unknown[] }[])[0]!.subtasks[0]).toMatchObject({ name: "Sketch", estimateHours: 2 });
  expect(args.labels).toEqual({ team: "platform" });
});

test("formats, defaults, examples and nullable fields", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("schedule_meeting");
  await expect(bench.field("durationMinutes")).toHaveValue("30");
  await expect(bench.field("day")).toHaveAttribute("type", "date");
  await expect(bench.field("startsAt")).toHaveAttribute("type", "datetime-local");
  await expect(bench.field("organizer")).toHaveAttribute("type", "email");
  await expect(bench.field("agendaUrl")).toHaveAttribute("type", "url");
  // `examples` become placeholders.
  await expect(bench.field("subject")).toHaveAttribute("placeholder", "e.g. Quarterly review");
  await expect(bench.field("organizer")).toHaveAttribute("placeholder", "e.g. ada@example.com");
  await bench.field("subject").fill("Review");
  await bench.field("day").fill("2026-12-01");
  await bench.field("startsAt").fill("2026-12-01T10:30");
  await bench.field("agendaUrl").fill("https://example.com/agenda");
  await bench.field("organizer").fill("not-an-email");
  await bench.runButton.click();
  await expect(page.locator(".rjsf-theme .error-detail").first()).toContainText("organizer must be an email address");
  await bench.field("organizer").fill("ada@example.com");
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "ok");
  const args = await sentArguments(page);
  expect(args).toMatchObject({
    subject: "Review",
    day: "2026-12-01",
    startsAt: await page.evaluate(() => new Date("2026-12-01T10:30").toISOString()),
    organizer: "ada@example.com",
    agendaUrl: "https://example.com/agenda",
    durationMinutes: 30,
    priority: "normal",
  });
  // A nullable field (type: ["string", "null"]) sends its default null, not nothing.
  expect(args).toHaveProperty("room", null);
});

test("a nullable field sends null when its null box is ticked, and a value otherwise", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("schedule_meeting");
  await bench.field("subject").fill("Review");
  await bench.field("day").fill("2026-12-01");
  await bench.field("organizer").fill("ada@example.com");
  const panel = page.getByTestId("tool-panel");
  // notes is "string or null" through anyOf: write some text, then send null instead.
  await bench.field("notes").fill("Bring the numbers");
  await panel.getByLabel("notes: send null").check();
  await expect(bench.field("notes")).toHaveCount(0);
  // room is "string or null" through a type list, null by default: give it a value.
  await expect(panel.getByLabel("room: send null")).toBeChecked();
  await panel.getByLabel("room: send null").uncheck();
  await bench.field("room").fill("Blue room");
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "ok");
  const sent = await sentArguments(page);
  expect(sent).toHaveProperty("notes", null);
  expect(sent).toHaveProperty("room", "Blue room");
});

test("a draft-07 schema with definitions and $ref validates and runs from the form", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("legacy_calculator");
  await expect(bench.field("a")).toHaveAttribute("type", "number");
  await bench.field("a").fill("6");
  await bench.runButton.click();
  await expect(page.locator(".rjsf-theme .error-detail").first()).toContainText("b is required");
  await expect(bench.result).toHaveCount(0);
  await bench.field("b").fill("7");
  await bench.field("op").selectOption("multiply");
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "ok");
  await expect(page.getByTestId("structured-content")).toContainText('"value": 42');
  expect(await sentArguments(page)).toEqual({ a: 6, b: 7, op: "multiply" });
});

test("a tool without parameters shows just a Run button", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("get_json");
  const form = page.getByTestId("tool-panel").locator("form.rjsf-theme");
  await expect(form).toContainText("This tool takes no parameters");
  await expect(form.locator("input, select, textarea")).toHaveCount(0);
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "ok");
  await expect(page.getByTestId("content-json")).toContainText('"service": "toolscope-demo"');
  expect(await sentArguments(page)).toEqual({});
});

test("the JSON editor shows inputs restored from history, and keeps the user's own text", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("read_note");
  await bench.runWithEach("id", ["welcome", "missing-note"]);
  await page.getByTestId("mode-json").click();
  const editor = page.getByLabel("Arguments (JSON)");
  await expect(editor).toHaveValue('{\n  "id": "missing-note"\n}');
  // Restoring the older call while in JSON mode rewrites the editor's text.
  await page.getByTestId("history-item").nth(1).getByTestId("history-restore").click();
  await expect(editor).toHaveValue('{\n  "id": "welcome"\n}');
  // What the user types is kept as typed (not reformatted), and is what runs.
  await editor.fill('{"id":   "welcome2"}');
  await expect(editor).toHaveValue('{"id":   "welcome2"}');
  await bench.run();
  await expect(bench.result).toContainText('No note with id "welcome2"');
  await expect(editor).toHaveValue('{"id":   "welcome2"}');
});
