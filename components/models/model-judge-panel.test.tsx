// The Models page's "Model judge", alone in Chromium, answered by the real GET and PUT
// /api/model-judge and GET /api/models on the Node side (test/component-api.ts; the scripted model
// server as the environment's OpenAI-compatible endpoint, test/component-fixtures.ts): none by
// default, a labelled combobox of the configured models, what saving it sends and shows, and the
// keyboard.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render, type RenderResult } from "vitest-browser-react";
import { ModelJudgePanel } from "./model-judge-panel";

async function configureModels(which: "none" | "scripted"): Promise<void> {
  const response = await fetch(`/__toolscope-fixtures/models/${which}`);
  if (!response.ok) throw new Error(`models/${which}: HTTP ${response.status}`);
}

/** Back to no judge, as the next test (and file) expects. */
async function noJudge(): Promise<void> {
  const response = await fetch("/api/model-judge", {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: null }),
  });
  if (!response.ok) throw new Error(`PUT /api/model-judge: HTTP ${response.status}`);
}

let rendered: RenderResult | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  await noJudge();
});
afterAll(() => configureModels("none"));

async function show(): Promise<void> {
  await configureModels("scripted");
  rendered = await render(
    <main>
      <ModelJudgePanel />
    </main>,
  );
}

const field = () => page.getByRole("combobox", { name: "Judge model" });
const current = () => page.getByTestId("model-judge-current");

describe("ModelJudgePanel", () => {
  it("is none by default, offers the configured models, and saves the one picked", async () => {
    await show();
    await expect.element(current()).toHaveTextContent("No model judges tool definitions");
    await expect.element(field()).toHaveValue("none: the text scan alone");
    await expect.element(field()).toHaveAccessibleDescription(/models of the environment's and shared providers/);
    await expect.element(page.getByRole("button", { name: "Save" })).toBeDisabled();
    await page.getByRole("button", { name: "Show the models" }).click();
    await page.getByRole("option", { name: "openai/tiny-drafter" }).click();
    await expect.element(field()).toHaveValue("openai/tiny-drafter");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.element(current()).toHaveTextContent("openai/tiny-drafter judges new and changed tool definitions");
    await expect.element(current()).toHaveTextContent("set by local");
    await expect.element(page.getByRole("button", { name: "Save" })).toBeDisabled();
  });

  it("is searched and picked by the keyboard", async () => {
    await show();
    await expect.element(field()).toHaveValue("none: the text scan alone");
    await userEvent.tab();
    await expect.element(field()).toHaveFocus();
    await userEvent.keyboard("{Control>}a{/Control}writer");
    await expect.element(page.getByRole("option", { name: "openai/tiny-writer" })).toBeInTheDocument();
    await expect.element(page.getByRole("option", { name: "openai/tiny-drafter" })).not.toBeInTheDocument();
    await userEvent.keyboard("{ArrowDown}{Enter}");
    await expect.element(field()).toHaveValue("openai/tiny-writer");
    await expect.element(page.getByRole("button", { name: "Save" })).toBeEnabled();
  });
});
