// The tool form alone in Chromium, on the demo server's real schemas: the oneOf/anyOf variant
// picker and its plain-word errors, const discriminators. (These were browser tests through a
// whole Toolscope, e2e/forms-variants.spec.ts; what reaches the server is the tool panel's and
// the call pipeline's to test.)
import { describe, expect, it } from "vitest";
import { page } from "vitest/browser";
import { serverTool } from "./testing/demo-fixtures";
import { renderToolForm } from "./testing/render-tool-form";

describe("ToolForm, oneOf/anyOf variants", () => {
  it("a picked oneOf variant shows only its own errors, in plain words", async () => {
    const form = await renderToolForm("configure_alert");
    await form.field("metric").selectOptions("cpu");
    await page.getByLabelText("threshold: kind of value").selectOptions("Percentage");
    await form.field("Percentage").fill("ninety");
    await page.getByLabelText("channel: kind of value").selectOptions("Webhook");
    await form.field("url").fill("not a url");
    await form.runButton.click();

    await expect
      .poll(form.errorList)
      .toEqual(["Percentage must match the pattern ^[0-9]+%$", "channel › url must be a full URL, such as https://example.com/page"]);
    expect(form.fieldErrors()).toEqual([
      "Percentage must match the pattern ^[0-9]+%$",
      "url must be a full URL, such as https://example.com/page",
    ]);
    // Nothing of the variants not picked (Email's "to", SMS's "phone") nor Ajv's "must match exactly one schema".
    expect(form.text()).not.toMatch(/must have required property|exactly one schema|in anyOf|\bto is required|phone/);
    expect(form.submitted).toEqual([]);

    await form.field("Percentage").fill("90%");
    await form.field("url").fill("https://hooks.example.com/x");
    const sent = form.nextSubmit();
    await form.runButton.click();
    expect(await sent).toMatchObject({ metric: "cpu", threshold: "90%", channel: { kind: "webhook", url: "https://hooks.example.com/x" } });
  });

  it("a variant's const discriminator is read-only, shows its value, and is sent", async () => {
    const form = await renderToolForm("configure_alert");
    await form.field("metric").selectOptions("memory");
    await form.field("Absolute value").fill("80");
    await page.getByLabelText("channel: kind of value").selectOptions("SMS");
    const kind = form.field("kind");
    await expect.element(kind).toHaveValue("sms");
    await expect.element(kind).toHaveAttribute("readonly");
    await form.field("phone").fill("+4712345678");
    const sent = form.nextSubmit();
    await form.runButton.click();
    expect(await sent).toMatchObject({ metric: "memory", threshold: 80, channel: { kind: "sms", phone: "+4712345678" } });
  });
});

// What the form submits is what the tool panel sends (e2e/forms.spec.ts had these through a whole
// Toolscope and read the arguments back from the audit log).
describe("ToolForm, built from real schemas", () => {
  it("nested objects and arrays of objects, with add, remove and reorder", async () => {
    const form = await renderToolForm("create_note");
    const urls = page.getByLabelText(/^url\*?$/);
    await form.field("title").fill("Trip");
    await form.field("name").fill("Ada");
    await form.field("email").fill("ada@example.com");
    const addLink = page.getByRole("group", { name: "links", exact: true }).getByRole("button", { name: "Add item" });
    for (const [i, name] of ["a", "b", "c"].entries()) {
      await addLink.click();
      await expect.poll(() => urls.elements().length).toBe(i + 1);
      await page
        .getByLabelText(/^label$/)
        .nth(i)
        .fill(name.toUpperCase());
      await urls.nth(i).fill(`https://example.com/${name}`);
    }
    await page.getByRole("button", { name: "Remove item" }).nth(1).click();
    await expect.poll(() => urls.elements().length).toBe(2);
    // The tags array is empty, so the first "Move down" is the first link's.
    await page.getByRole("button", { name: "Move down" }).first().click();
    await expect.element(urls.nth(0)).toHaveValue("https://example.com/c");
    await expect.element(urls.nth(1)).toHaveValue("https://example.com/a");
    const sent = form.nextSubmit();
    await form.runButton.click();
    const args = await sent;
    expect(args).toMatchObject({ title: "Trip", author: { name: "Ada", email: "ada@example.com" } });
    // Each link moved as a whole (label with its url), and the removed one is gone.
    expect(args.links).toEqual([
      { label: "C", url: "https://example.com/c" },
      { label: "A", url: "https://example.com/a" },
    ]);
  });

  it("a oneOf variant picker, an anyOf and a $ref'd pattern; a secret is a password field", async () => {
    const form = await renderToolForm("configure_alert");
    await form.field("metric").selectOptions("latency");
    // Each variant picker has a name of its own ("<field>: kind of value").
    await page.getByLabelText("threshold: kind of value").selectOptions("Percentage");
    await form.field("Percentage").fill("90%");
    await form.field("window").fill("5m");
    await page.getByLabelText("channel: kind of value").selectOptions("Webhook");
    await form.field("url").fill("https://hooks.example.com/x");
    await expect.element(form.field("secret")).toHaveAttribute("type", "password");
    await form.field("secret").fill("hook-secret");
    const sent = form.nextSubmit();
    await form.runButton.click();
    expect(await sent).toMatchObject({
      metric: "latency",
      threshold: "90%",
      window: "5m",
      channel: { kind: "webhook", url: "https://hooks.example.com/x", secret: "hook-secret" },
    });
  });

  it("a recursive $ref and an additionalProperties map", async () => {
    const form = await renderToolForm("plan_project");
    await form.field("project").fill("Launch");
    // tasks has minItems: 1, so the form starts with one task.
    await expect.poll(() => form.field("name").elements().length).toBe(1);
    await form.field("name").fill("Design");
    await form.field("estimateHours").fill("3");
    // A task's subtasks are tasks again (the $ref points back at its own definition).
    const task = page.getByRole("group", { name: /^tasks #1\*?$/ });
    await task.getByRole("group", { name: "subtasks", exact: true }).getByRole("button", { name: "Add item" }).click();
    const subtask = task.getByRole("group", { name: /^subtasks #1\*?$/ });
    await expect.element(subtask).toBeVisible();
    await subtask.getByLabelText(/^name\*?$/).fill("Sketch");
    await subtask.getByLabelText(/^estimateHours$/).fill("2");
    // The subtask has its own (empty) subtasks list: the recursion goes on as far as the user likes.
    await expect.element(subtask.getByRole("group", { name: "subtasks", exact: true })).toBeVisible();

    const labels = page.getByRole("group", { name: "labels", exact: true });
    await labels.getByRole("button", { name: "Add item" }).click();
    await labels.getByLabelText("newKey Key").fill("team");
    (labels.getByLabelText("newKey Key").element() as HTMLInputElement).blur();
    await labels.getByLabelText("team", { exact: true }).fill("platform");

    const sent = form.nextSubmit();
    await form.runButton.click();
    const args = await sent;
    expect(args).toMatchObject({ project: "Launch", tasks: [{ name: "Design", estimateHours: 3 }] });
    expect((args.tasks as { subtasks: unknown[] }[])[0]!.subtasks[0]).toMatchObject({ name: "Sketch", estimateHours: 2 });
    expect(args.labels).toEqual({ team: "platform" });
  });

  it("formats, defaults, examples and nullable fields", async () => {
    const form = await renderToolForm("schedule_meeting");
    await expect.element(form.field("durationMinutes")).toHaveValue(30);
    await expect.element(form.field("day")).toHaveAttribute("type", "date");
    await expect.element(form.field("startsAt")).toHaveAttribute("type", "datetime-local");
    await expect.element(form.field("organizer")).toHaveAttribute("type", "email");
    await expect.element(form.field("agendaUrl")).toHaveAttribute("type", "url");
    // `examples` become placeholders.
    await expect.element(form.field("subject")).toHaveAttribute("placeholder", "e.g. Quarterly review");
    await expect.element(form.field("organizer")).toHaveAttribute("placeholder", "e.g. ada@example.com");
    await form.field("subject").fill("Review");
    await form.field("day").fill("2026-12-01");
    await form.field("startsAt").fill("2026-12-01T10:30");
    await form.field("agendaUrl").fill("https://example.com/agenda");
    await form.field("organizer").fill("not-an-email");
    await form.runButton.click();
    await expect.poll(form.fieldErrors).toContain("organizer must be an email address");
    expect(form.submitted).toEqual([]);
    await form.field("organizer").fill("ada@example.com");
    const sent = form.nextSubmit();
    await form.runButton.click();
    const args = await sent;
    expect(args).toMatchObject({
      subject: "Review",
      day: "2026-12-01",
      startsAt: new Date("2026-12-01T10:30").toISOString(),
      organizer: "ada@example.com",
      agendaUrl: "https://example.com/agenda",
      durationMinutes: 30,
      priority: "normal",
    });
    // A nullable field (type: ["string", "null"]) sends its default null, not nothing.
    expect(args).toHaveProperty("room", null);
  });

  it("a nullable field sends null when its null box is ticked, and a value otherwise", async () => {
    const form = await renderToolForm("schedule_meeting");
    await form.field("subject").fill("Review");
    await form.field("day").fill("2026-12-01");
    await form.field("organizer").fill("ada@example.com");
    // notes is "string or null" through anyOf: write some text, then send null instead.
    await form.field("notes").fill("Bring the numbers");
    await page.getByLabelText("notes: send null").click();
    await expect.poll(() => form.field("notes").elements().length).toBe(0);
    // room is "string or null" through a type list, null by default: give it a value.
    await expect.element(page.getByLabelText("room: send null")).toBeChecked();
    await page.getByLabelText("room: send null").click();
    await form.field("room").fill("Blue room");
    const sent = form.nextSubmit();
    await form.runButton.click();
    const args = await sent;
    expect(args).toHaveProperty("notes", null);
    expect(args).toHaveProperty("room", "Blue room");
  });

  it("a draft-07 schema with definitions and $ref validates from the form", async () => {
    const form = await renderToolForm("legacy_calculator");
    await expect.element(form.field("a")).toHaveAttribute("type", "number");
    await form.field("a").fill("6");
    await form.runButton.click();
    await expect.poll(() => form.fieldErrors()[0]).toContain("b is required");
    expect(form.submitted).toEqual([]);
    await form.field("b").fill("7");
    await form.field("op").selectOptions("multiply");
    const sent = form.nextSubmit();
    await form.runButton.click();
    expect(await sent).toEqual({ a: 6, b: 7, op: "multiply" });
  });

  it("a tool without parameters shows just a Run button, and sends no arguments", async () => {
    const form = await renderToolForm("get_json");
    await expect.poll(form.text).toContain("This tool takes no parameters");
    expect(document.querySelectorAll("form.rjsf-theme :is(input, select, textarea)")).toHaveLength(0);
    const sent = form.nextSubmit();
    await form.runButton.click();
    expect(await sent).toEqual({});
  });
});

// Arguments as JSON: beside the form, and instead of it where a schema is beyond what the form can
// express. (e2e/results.spec.ts and e2e/results-more.spec.ts had these through a whole Toolscope.)
describe("ToolForm, arguments as JSON", () => {
  const editor = () => page.getByLabelText("Arguments (JSON)");

  it("round-trips with the form without losing values, and sends JSON that breaks the schema if asked", async () => {
    const form = await renderToolForm("create_note");
    await form.field("title").fill("From the form");
    await page.getByTestId("mode-json").click();
    await expect.element(editor()).toHaveValue(expect.stringContaining('"title": "From the form"'));
    await editor().fill('{ "title": "From JSON", "tags": ["a", "b"] }');
    await page.getByTestId("mode-form").click();
    await expect.element(form.field("title")).toHaveValue("From JSON");

    await page.getByTestId("mode-json").click();
    await editor().fill("{ not json");
    await expect.element(page.getByTestId("json-parse-error")).toBeVisible();
    await expect.element(form.runButton).toBeDisabled();
    await editor().fill('{ "tags": "not an array" }');
    await expect.element(page.getByTestId("json-schema-errors")).toHaveTextContent("must have required property 'title'");
    // The server is the judge of its arguments: what the schema refuses is still sent.
    const sent = form.nextSubmit();
    await form.runButton.click();
    expect(await sent).toEqual({ tags: "not an array" });
  });

  it("takes over from a form that cannot express the schema, and still validates", async () => {
    const pair = await renderToolForm(await serverTool("edge-cases", "pair"));
    await expect.element(page.getByRole("alert").first()).toHaveTextContent("could not be rendered as a form");
    await editor().fill('{ "pair": [1, "a"] }');
    await expect.element(page.getByTestId("json-schema-errors")).toBeVisible();
    await editor().fill('{ "pair": ["a", 1] }');
    await expect.poll(() => page.getByTestId("json-schema-errors").elements().length).toBe(0);
    const sent = pair.nextSubmit();
    await pair.runButton.click();
    expect(await sent).toEqual({ pair: ["a", 1] });
  });

  it("takes over from a form whose schema names a type JSON Schema lacks", async () => {
    await renderToolForm(await serverTool("edge-cases", "odd_type"));
    await expect.element(page.getByRole("alert").first()).toHaveTextContent("could not be rendered as a form");
    await expect.element(editor()).toBeVisible();
  });
});
