// The server form's "Answer sampling with a model" setting, alone in Chromium, its models listed by
// the real GET /api/models on the Node side (test/component-fixtures.ts's `models/…`: no provider,
// or the scripted model server as an OpenAI-compatible endpoint): off by default, the configured
// models to pick from, what the form sends, and what it says when there is no model.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render, type RenderResult } from "vitest-browser-react";
import { SamplingModelField } from "./sampling-model-field";

async function configureModels(which: "none" | "scripted"): Promise<void> {
  const response = await fetch(`/__toolscope-fixtures/models/${which}`);
  if (!response.ok) throw new Error(`models/${which}: HTTP ${response.status}`);
}

let rendered: RenderResult | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
});
// Stops the scripted model server on the Node side.
afterAll(() => configureModels("none"));

/** The field in a form, and what the form would send for it. */
async function showField(existing: string | null): Promise<() => string> {
  rendered = await render(
    <main>
      <form aria-label="Edit server">
        <SamplingModelField existing={existing} />
      </form>
    </main>,
  );
  return () => String(new FormData(document.querySelector("form")!).get("samplingModel"));
}

const setting = () => page.getByRole("combobox", { name: "Answer sampling with a model" });

describe("SamplingModelField", () => {
  it("is off by default, offers the configured models, and sends the one picked", async () => {
    await configureModels("scripted");
    const sent = await showField(null);
    await expect.element(page.getByRole("option", { name: "openai/tiny-drafter" })).toBeInTheDocument();
    await expect.element(setting()).toHaveValue("");
    expect(sent()).toBe("");
    await expect.element(setting()).toHaveAccessibleDescription(/nothing is sent to a model/);
    await setting().selectOptions("openai/tiny-writer");
    expect(sent()).toBe("openai/tiny-writer");
  });

  it("keeps a saved model its provider no longer lists, and says so", async () => {
    await configureModels("scripted");
    const sent = await showField("openai/retired-model");
    await expect.element(page.getByRole("option", { name: "openai/retired-model (not listed by its provider now)" })).toBeInTheDocument();
    expect(sent()).toBe("openai/retired-model");
  });

  it("with no model configured, says how to configure one, and stays off", async () => {
    await configureModels("none");
    const sent = await showField(null);
    await expect.element(page.getByTestId("sampling-no-models")).toHaveTextContent("No model is configured.");
    await expect.element(page.getByTestId("sampling-no-models")).toHaveTextContent("OPENAI_API_KEY");
    expect(page.getByRole("option").all()).toHaveLength(1);
    expect(sent()).toBe("");
  });

  it("is reached and changed by the keyboard", async () => {
    await configureModels("scripted");
    const sent = await showField(null);
    await expect.element(page.getByRole("option", { name: "openai/tiny-drafter" })).toBeInTheDocument();
    await userEvent.tab();
    await expect.element(setting()).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}");
    await expect.poll(sent).toBe("openai/tiny-drafter");
  });
});
