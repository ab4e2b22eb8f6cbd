// A resource read and a prompt get saved from their pages into a collection, as a presenter
// would: the collection lists them as what they are, runs them, and Present shows each one's
// answer as its own page draws it.
import { randomUUID } from "node:crypto";
import { expect, test } from "./test";
import { ServerFeatures } from "./pages/server-features";

test("a read and a prompt get are saved into a collection, run and presented", async ({ page }) => {
  const collectionName = `Reads ${randomUUID().slice(0, 6)}`;
  const features = new ServerFeatures(page);
  await features.openResources();
  await features.read("demo://files/report.csv");
  await features.readPanel.getByTestId("save-call-button").click();
  const dialog = page.getByTestId("save-call-dialog");
  await expect(dialog.getByRole("heading", { name: "Save this read" })).toBeVisible();
  await dialog.getByTestId("save-call-name").fill("Visitors report");
  await dialog.getByTestId("save-call-collection").selectOption("__new__");
  await dialog.getByTestId("save-call-new-collection").fill(collectionName);
  await dialog.getByTestId("save-call-submit").click();
  await expect(dialog.getByTestId("save-call-done")).toContainText("Saved “Visitors report”.");
  await dialog.getByTestId("save-call-close").click();

  await features.openPrompts();
  await features.prompt("Summarize the visitors report").click();
  await features.argument("style").fill("short");
  await features.promptPanel.getByRole("button", { name: "Get prompt" }).click();
  await expect(features.promptPanel.getByTestId("prompt-message")).toHaveCount(2);
  await features.promptPanel.getByTestId("save-call-button").click();
  await expect(dialog.getByRole("heading", { name: "Save this prompt get" })).toBeVisible();
  await dialog.getByTestId("save-call-name").fill("Short summary");
  await dialog.getByTestId("save-call-collection").selectOption({ label: collectionName });
  await dialog.getByTestId("save-call-submit").click();
  await dialog.getByTestId("save-call-open-collection").click();

  await expect(page.getByTestId("collection-name")).toHaveText(collectionName);
  const calls = page.getByTestId("collection-call");
  await expect(calls.nth(0)).toContainText("Resource read: demo://files/report.csv on demo");
  await expect(calls.nth(1)).toContainText("Prompt get: summarize_report on demo");
  await page.getByTestId("collection-run-all").click();
  await expect(calls.nth(0).getByTestId("call-status")).toHaveAttribute("data-state", "passed");
  await expect(calls.nth(1).getByTestId("call-status")).toHaveAttribute("data-state", "passed");

  await page.getByTestId("collection-present").click();
  const presentation = page.getByTestId("presentation");
  await expect(presentation.getByTestId("presentation-title")).toHaveText("Visitors report");
  await page.keyboard.press("Enter");
  await expect(presentation.getByTestId("resource-contents")).toContainText("February,1350");
  await page.keyboard.press("ArrowRight");
  await expect(presentation.getByTestId("presentation-title")).toHaveText("Short summary");
  await expect(presentation.getByLabel("style")).toHaveValue("short");
  await presentation.getByLabel("style").fill("detailed");
  await presentation.getByTestId("run-button").click();
  await expect(presentation.getByTestId("prompt-message").first()).toContainText("Write a detailed summary of this report.");
});
