// Servers that misbehave, seen from the browser: malformed tools are listed as invalid
// while the rest of the catalog works; a server dying mid-call gives a clear error and the
// other servers carry on.
import { expect, test } from "./test";
import { startHttpFixture, stdioCommand, type HttpFixture } from "../test/fixtures/spawn";
import { Workbench } from "./pages/workbench";

let malformed: HttpFixture;

test.beforeAll(async ({ request }) => {
  malformed = await startHttpFixture("malformed-tools.ts", "http");
  expect((await request.post("/api/servers", { data: { id: "malformed", type: "http", url: malformed.url } })).status()).toBe(201);
  expect((await request.post("/api/servers", { data: { id: "dying", ...stdioCommand("dying.ts") } })).status()).toBe(201);
  expect((await request.post("/api/servers", { data: { id: "headers", ...stdioCommand("modern-2026.ts") } })).status()).toBe(201);
});

test.afterAll(async ({ request }) => {
  await request.delete("/api/servers/headers");
  await request.delete("/api/servers/malformed");
  await request.delete("/api/servers/dying");
  await malformed?.stop();
});

test("a server with malformed tools keeps its valid ones and lists the rest as invalid", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.open("malformed");
  await expect(bench.count).toHaveText("3 tools");
  await expect(page.getByTestId("invalid-tool")).toHaveCount(3);
  await expect(page.getByTestId("catalog-invalid")).toContainText("no_schema_type");
  await expect(page.getByTestId("catalog-invalid")).toContainText("inputSchema.type");
  await bench.item("echo").click();
  await bench.field("message").fill("despite the others");
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "ok");
});

test("a server that dies mid-call yields a clear error, and the others keep working", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("die", "dying");
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "transport_error");
  await expect(page.getByTestId("result-status")).toHaveText("Connection lost");
  await expect(page.getByTestId("result-error")).toContainText("The connection to dying failed during the call");

  await bench.openTool("echo", "demo");
  await bench.field("message").fill("still here");
  await bench.run();
  await expect(bench.result).toHaveAttribute("data-status", "ok");
});

test("the invalid filter narrows the catalog to tools with problems; invalid ones stay listed apart", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.open("malformed");
  await page.getByTestId("filter-invalid").click();
  await expect(bench.count).toHaveText("0 of 3 tools");
  await expect(page.getByTestId("invalid-tool")).toHaveCount(3);
  await bench.open("demo");
  await page.getByTestId("filter-openworld").click();
  await expect(bench.count).toHaveText("2 of 25 tools");
});

test("a tool with lint findings carries a lint badge and its report", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.open("headers");
  await expect(bench.item("bad_header").getByTestId("badge-lint")).toBeVisible();
  await bench.item("bad_header").click();
  await expect(page.getByTestId("tool-details")).toContainText("Invalid x-mcp-header declaration");
});
