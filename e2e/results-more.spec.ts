// The result viewer's finer points and the form's way out: JSON that folds, structured
// content checked against its text copy, an output schema with nothing to check, long text,
// re-run, JSON resources, and schemas the form cannot express falling back to JSON.
import { expect, test } from "./test";
import { stdioCommand } from "../test/fixtures/spawn";
import { Workbench } from "./pages/workbench";

const EDGE = "edge-cases";

test.beforeAll(async ({ request }) => {
  const added = await request.post("/api/servers", { data: { id: EDGE, ...stdioCommand("edge-cases.ts") } });
  expect(added.status()).toBe(201);
  await expect
    .poll(async () => (await (await request.get(`/api/servers/${EDGE}`)).json()).server.status, { timeout: 20_000 })
    .toBe("ready");
});

test.afterAll(async ({ request }) => {
  await request.delete(`/api/servers/${EDGE}`);
});

test("JSON results fold, and structured content says whether its text copy agrees", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("get_json");
  await bench.run();
  const tree = page.getByTestId("content-json");
  await expect(tree).toContainText('"service": "toolscope-demo"');
  await tree.getByTestId("json-toggle").first().click();
  await expect(tree).not.toContainText('"service"');
  await expect(tree).toContainText(/\d+ keys/);
  await tree.getByTestId("json-toggle").first().click();
  await expect(tree).toContainText('"service": "toolscope-demo"');

  await bench.openTool("get_weather");
  await bench.field("city").fill("Porto");
  await bench.run();
  await expect(page.getByTestId("output-verdict")).toHaveAttribute("data-verdict", "valid");
  await expect(page.getByTestId("text-copy")).toHaveAttribute("data-text-copy", "matches");
});

test("a missing or different text copy, and a declared output schema with no structured content", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("structured_no_text", EDGE);
  await bench.run();
  await expect(page.getByTestId("text-copy")).toHaveAttribute("data-text-copy", "missing");

  await bench.openTool("structured_other_text", EDGE);
  await bench.run();
  await expect(page.getByTestId("text-copy")).toHaveAttribute("data-text-copy", "differs");
  await expect(page.getByTestId("output-verdict")).toHaveAttribute("data-verdict", "valid");

  await bench.openTool("missing_structured", EDGE);
  await bench.run();
  const missing = page.getByTestId("structured-content-missing");
  await expect(missing.getByTestId("output-verdict")).toHaveAttribute("data-verdict", "invalid");
});

test("long text is cut short, with show all and a download; re-run calls again", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("echo");
  const message = "0123456789".repeat(2_500);
  await bench.field("message").fill(message);
  await bench.run();
  const text = page.getByTestId("content-text");
  expect((await text.textContent())!.length).toBe(20_000);
  await page.getByTestId("show-all").click();
  expect((await text.textContent())!.length).toBe(25_000);
  await expect(page.getByRole("link", { name: "Download" })).toHaveAttribute("download", "result.txt");

  const firstAudit = await bench.auditId();
  await page.getByTestId("rerun-button").click();
  const confirm = page.getByTestId("confirm-dialog");
  if (await confirm.isVisible()) await page.getByTestId("confirm-run").click();
  await expect.poll(() => bench.auditId()).not.toBe(firstAudit);
  await expect(bench.result).toHaveAttribute("data-status", "ok");
});

test("an embedded JSON resource is shown as JSON", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("annotated_content");
  await bench.run();
  await expect(page.getByTestId("resource-json")).toBeVisible();
  await expect(page.getByTestId("resource-json").getByTestId("json-toggle").first()).toBeVisible();
});

test("embedded binaries download (images preview too); a server without resources offers no Read", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("embed_resources");
  await bench.run();
  const blob = page.getByTestId("content-resource-blob");
  await expect(blob.getByRole("img")).toBeVisible();
  await expect(blob.getByRole("link", { name: /^Download / })).toHaveAttribute("download", /\.png$/);
  await expect(page.getByTestId("content-resource-text")).toContainText("text/csv");

  await bench.openTool("link_only", EDGE);
  await bench.run();
  await expect(bench.result).toContainText("file:///nowhere.txt");
  await expect(page.getByTestId("open-resource")).toHaveCount(0);
});

test("a schema the form cannot express falls back to the JSON editor, which still validates", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("pair", EDGE);
  const note = page.getByTestId("tool-panel").getByRole("alert").first();
  await expect(note).toContainText("could not be rendered as a form");
  const editor = page.getByLabel("Arguments (JSON)");
  await expect(editor).toBeVisible();
  await editor.fill('{ "pair": [1, "a"] }');
  await expect(page.getByTestId("json-schema-errors")).toBeVisible();
  await editor.fill('{ "pair": ["a", 1] }');
  await expect(page.getByTestId("json-schema-errors")).toHaveCount(0);
  await bench.run();
  await expect(bench.result).toContainText('pair: ["a",1]');

  await bench.openTool("odd_type", EDGE);
  await expect(page.getByTestId("tool-panel").getByRole("alert").first()).toContainText("could not be rendered as a form");
});
