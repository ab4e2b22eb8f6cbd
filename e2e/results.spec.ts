// Results and what comes after: the call copied as JSON-RPC / curl / TypeScript, earlier calls'
// inputs restored from the session history, raw JSON mode, resource links read on request. How a
// result is drawn (Markdown, highlighted JSON) is tested on the result view alone:
// components/invoke/result-view.test.tsx.
import { expect, test } from "./test";
import { Workbench } from "./pages/workbench";

test("the call can be copied as JSON-RPC, curl and TypeScript", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const bench = new Workbench(page);
  await bench.openTool("echo");
  await bench.field("message").fill("copied");
  await page.getByText("JSON-RPC request and copy").click();
  await expect(page.getByTestId("jsonrpc-preview")).toContainText('"message": "copied"');
  await page.getByTestId("copy-curl").click();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toContain("/api/servers/demo/tools/echo/call");
  expect(curl).toContain('{"arguments":{"message":"copied"}}');
  await page.getByTestId("copy-typescript").click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('client.callTool({ name: "echo"');
});

test("earlier calls in the session restore their inputs", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("read_note");
  await bench.runWithEach("id", ["welcome", "missing-note"]);
  await expect(bench.result).toHaveAttribute("data-status", "tool_error");
  const items = page.getByTestId("history-item");
  await expect(items).toHaveCount(2);
  await items.nth(1).getByTestId("history-restore").click();
  await expect(bench.field("id")).toHaveValue("welcome");
});

test("raw JSON mode round-trips with the form without losing values", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("create_note");
  await bench.field("title").fill("From the form");
  await page.getByTestId("mode-json").click();
  const editor = page.getByLabel("Arguments (JSON)");
  await expect(editor).toContainText('"title": "From the form"');
  await editor.fill('{ "title": "From JSON", "tags": ["a", "b"] }');
  await page.getByTestId("mode-form").click();
  await expect(bench.field("title")).toHaveValue("From JSON");
  await page.getByTestId("mode-json").click();
  await editor.fill("{ not json");
  await expect(page.getByTestId("json-parse-error")).toBeVisible();
  await expect(bench.runButton).toBeDisabled();
  await editor.fill('{ "tags": "not an array" }');
  await expect(page.getByTestId("json-schema-errors")).toContainText("must have required property 'title'");
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "tool_error");
  await expect(bench.result).toContainText("Invalid arguments for create_note");
});

test("a resource link is read through the server's resources/read on request", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("link_resources");
  await bench.run();
  const link = page.getByTestId("content-resource-link").first();
  await expect(link).toContainText("demo://files/report.csv");
  await link.getByTestId("open-resource").click();
  await expect(link.getByTestId("resource-contents")).toContainText("month,visitors");
});
