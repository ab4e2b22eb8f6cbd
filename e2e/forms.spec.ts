// The form inside the tool panel, where it meets the session's history. How the form is built
// from real schemas (nested objects, arrays, oneOf/anyOf, recursive $ref, maps, nullable fields,
// formats) is tested on the form alone: components/invoke/tool-form.test.tsx.
import { expect, test } from "./test";
import { Workbench } from "./pages/workbench";

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
