// Results and what comes after: the call copied as JSON-RPC / curl / TypeScript, earlier calls'
// inputs restored from the session history, resource links read on request. How a result is drawn
// (Markdown, JSON, structured content, long text, embedded resources) is tested on the result view
// alone, components/invoke/result-view.test.tsx, and arguments as JSON on the form alone,
// components/invoke/tool-form.test.tsx.
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

test("a resource link is read through the server's resources/read on request", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("link_resources");
  await bench.run();
  const link = page.getByTestId("content-resource-link").first();
  await expect(link).toContainText("demo://files/report.csv");
  await link.getByTestId("open-resource").click();
  await expect(link.getByTestId("resource-contents")).toContainText("month,visitors");
});
