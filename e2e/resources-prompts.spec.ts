// A server's resources and prompts, as a person uses them: browse, read text, JSON, an image,
// audio and binary contents, fill a template, get a prompt with arguments and see its messages,
// and find each in the audit log as what it was.
import { expect, test } from "./test";
import { ServerFeatures } from "./pages/server-features";

test("resources: read text, Markdown, an image, audio and binary; fill the weather template", async ({ page }) => {
  const features = new ServerFeatures(page);
  await features.openResources();
  await expect(page.getByRole("navigation", { name: "Server" }).getByRole("link", { name: "Resources" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // Refresh asks the server for its list again.
  const relisted = page.waitForResponse((response) => response.url().endsWith("/api/servers/demo/resources") && response.ok());
  await page.getByRole("button", { name: "Refresh resources" }).click();
  await relisted;
  await expect(features.resource("demo://files/report.csv")).toBeVisible();

  await features.read("demo://files/report.csv");
  await expect(features.readPanel.getByTestId("audit-outcome")).toHaveAttribute("data-outcome", "ok");
  await expect(features.readPanel.getByTestId("resource-contents")).toContainText("February,1350");

  await features.read("demo://docs/guide.md");
  await expect(features.readPanel.getByTestId("resource-markdown").getByRole("heading", { name: "Getting started" })).toBeVisible();

  await features.read("demo://images/chart.png");
  const image = features.readPanel.getByTestId("content-resource-blob").getByRole("img");
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await features.read("demo://audio/tone.wav");
  await expect(features.readPanel.getByTestId("content-resource-audio")).toHaveAttribute("src", /^data:audio\/wav;base64,UklGR/);

  await features.read("demo://files/sample.bin");
  const blob = features.readPanel.getByTestId("content-resource-blob");
  await expect(blob).toContainText("application/octet-stream · 256 bytes");
  await expect(blob.getByRole("link", { name: "Download sample.bin" })).toHaveAttribute("download", "sample.bin");

  await features.read("demo://logs/service.log");
  await expect(features.readPanel.getByTestId("resource-text-cut")).toContainText("Showing the first 100,000 of");

  // The template: the URI is expanded as RFC 6570 says, reserved characters encoded.
  const weather = features.template("demo://weather/{city}");
  // The server completes the city as it is typed.
  // Offered in a listbox, picked by keyboard.
  const city = weather.getByRole("combobox", { name: "city" });
  await city.fill("Po");
  const cities = page.getByTestId("completion-suggestions").getByRole("option");
  await expect(cities).toHaveText(["Porto"]);
  await city.press("ArrowDown");
  await city.press("Enter");
  await expect(city).toHaveValue("Porto");
  await expect(weather.getByTestId("template-uri")).toHaveText("demo://weather/Porto");
  await expect(page.getByTestId("completion-suggestions")).toHaveCount(0);
  // What the server does not suggest is kept as typed.
  await weather.getByLabel("city").fill("Porto Alegre");
  await expect(weather.getByTestId("template-uri")).toHaveText("demo://weather/Porto%20Alegre");
  await weather.getByRole("button", { name: "Read Weather forecast" }).click();
  await expect(features.readPanel.getByTestId("resource-json")).toContainText("Porto Alegre");

  // A slash in a value stays in the one segment: encoded, not a path.
  await weather.getByLabel("city").fill("x/y");
  await expect(weather.getByTestId("template-uri")).toHaveText("demo://weather/x%2Fy");

  // Every read is in the audit log, as a resource read.
  await page.goto("/audit?kind=resource_read");
  await expect(page.getByTestId("audit-invocation-kind").first()).toHaveText("Resource read");
  await expect(page.locator("tbody tr").filter({ hasText: "demo://weather/Porto%20Alegre" })).toHaveCount(1);
});

test("prompts: a form from the arguments, the messages as a conversation, audited", async ({ page }) => {
  const features = new ServerFeatures(page);
  await features.openPrompts();

  await features.prompt("Greeting").click();
  await expect(features.promptPanel).toContainText("This prompt takes no arguments.");
  await features.promptPanel.getByRole("button", { name: "Get prompt" }).click();
  await expect(features.promptPanel.getByTestId("prompt-message")).toHaveCount(1);

  await features.prompt("Summarize the visitors report").click();
  const get = features.promptPanel.getByRole("button", { name: "Get prompt" });
  await expect(get, "style is required").toBeDisabled();
  await features.argument("style").fill("s");
  const styles = page.getByTestId("completion-suggestions").getByRole("option");
  await expect(styles).toHaveText(["short"]);
  // The list still shows the answer for "s" while "sh" is asked: wait for the answer to "sh" itself.
  const answeredSh = page.waitForResponse(
    (r) => r.url().endsWith("/completions") && (r.request().postDataJSON() as { argument?: { value?: string } })?.argument?.value === "sh",
  );
  await features.argument("style").fill("sh");
  await answeredSh;
  await expect(styles).toHaveText(["short"]);
  await styles.first().click();
  await expect(features.argument("style")).toHaveValue("short");
  await features.argument("audience").fill("the board");
  await get.click();
  const messages = features.promptPanel.getByTestId("prompt-message");
  await expect(messages).toHaveCount(2);
  await expect(messages.first()).toHaveAttribute("data-role", "user");
  await expect(messages.first()).toContainText("Write a short summary of this report for the board.");
  await expect(messages.nth(1).getByTestId("content-resource-text")).toContainText("demo://files/report.csv");

  await features.prompt("Explain code").click();
  await features.promptPanel.getByRole("button", { name: "Several lines for code" }).click();
  await features.argument("code").fill("const a = 1;\nconsole.log(a);");
  await features.promptPanel.getByRole("button", { name: "Get prompt" }).click();
  await expect(messages.nth(1)).toHaveAttribute("data-role", "assistant");

  await features.promptPanel.getByRole("link", { name: "Audit record" }).click();
  await expect(page.getByTestId("audit-detail")).toContainText("Prompt get on demo");
  await expect(page.getByTestId("audit-request")).toContainText("prompts/get");

  // In the audit log, one field's lookups are one row, unfolded on demand: each is still a record.
  await page.goto("/audit?kind=completion&server=demo");
  const row = page.getByTestId("audit-row").filter({ hasText: "typed: s → sh" }).first();
  await expect(row).toBeVisible();
  const folded = row.getByTestId("audit-folded");
  await expect(folded).toHaveText(/^\+\d+ lookups?$/);
  const before = await page.getByTestId("audit-row").count();
  await folded.click();
  await expect(folded).toHaveAttribute("aria-expanded", "true");
  await expect.poll(() => page.getByTestId("audit-row").count()).toBeGreaterThan(before);
});

test("the server's page: its capabilities as badges, its log, and no ping where the revision has none", async ({ page }) => {
  await page.goto("/servers/demo");
  const badges = page.getByTestId("capability-badges");
  await expect(badges.locator('[data-capability="tools"]')).toHaveText("Tools · list changes");
  for (const capability of ["resources", "prompts", "completions"])
    await expect(badges.locator(`[data-capability="${capability}"]`)).toBeVisible();
  // What the server logs shows up on its page, by level.
  const called = await page.request.post("/api/servers/demo/tools/get_weather/call", {
    headers: { origin: new URL(page.url()).origin },
    data: { arguments: { city: "Oslo" } },
  });
  expect(called.ok()).toBe(true);
  const log = page.getByTestId("server-log");
  await expect(log.getByTestId("server-log-message").filter({ hasText: "tools/call get_weather" }).first()).toHaveAttribute(
    "data-level",
    "info",
  );
  await log.getByTestId("server-log-filter").selectOption("warning");
  await expect(log.getByTestId("server-log-message")).toHaveCount(0);
  await expect(log).toContainText("No message at this level or above.");
  await expect(log.getByTestId("server-log-level"), "2026-07-28 has no logging/setLevel").toHaveCount(0);
  // The demo server speaks 2026-07-28, which has no ping (vitest pings a 2025-11-25 server).
  await expect(page.getByTestId("ping-unsupported")).toHaveText("not in revision 2026-07-28");
});
