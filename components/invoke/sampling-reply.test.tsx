// A server's sampling request as the person sees it, alone in Chromium: the request as the
// sampling fixture server sends it (test/fixtures/sampling-server.ts), with a model's draft, with a
// model's failure, or with neither; what is sent for each answer, and the keyboard's way through.
import { afterEach, describe, expect, it } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render, type RenderResult } from "vitest-browser-react";
import type { SamplingDraft } from "@/lib/domain/sampling";
import { samplingRequest } from "@/test/fixtures/sampling-request";
import { SamplingReply } from "./sampling-reply";

const PARAMS = samplingRequest("What is in it?") as unknown as Record<string, unknown>;
const DRAFT: SamplingDraft = { model: "openai/gpt-4o-mini", text: "A red dot.", usage: { inputTokens: 120, outputTokens: 4 } };

let rendered: RenderResult | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
});

async function show(draft: SamplingDraft | undefined): Promise<string[]> {
  const sent: string[] = [];
  rendered = await render(
    <main>
      <SamplingReply
        params={PARAMS}
        draft={draft}
        sending={false}
        onSend={(text) => sent.push(text)}
        refuse={<button type="button">Decline</button>}
      />
    </main>,
  );
  return sent;
}

describe("SamplingReply", () => {
  it("shows the request and the model's draft, prefilled and named, and sends it as it is", async () => {
    const sent = await show(DRAFT);
    await expect.element(page.getByTestId("sampling-system")).toHaveTextContent("You describe pictures in one sentence.");
    await expect.element(page.getByText("What is in it?")).toBeVisible();
    await expect
      .element(page.getByTestId("sampling-draft-note"))
      .toHaveTextContent("Drafted by openai/gpt-4o-mini (120 tokens in, 4 out).");
    const reply = page.getByRole("textbox", { name: "Reply drafted by openai/gpt-4o-mini" });
    await expect.element(reply).toHaveValue("A red dot.");
    await page.getByRole("button", { name: "Send draft" }).click();
    expect(sent).toEqual(["A red dot."]);
  });

  it("says when the draft was edited, sends the edit, and can restore the draft", async () => {
    const sent = await show(DRAFT);
    const reply = page.getByRole("textbox", { name: "Reply drafted by openai/gpt-4o-mini" });
    await reply.fill("A red dot, tiny.");
    await expect.element(page.getByTestId("sampling-draft-note")).toHaveTextContent("edited by a person");
    await page.getByRole("button", { name: "Restore draft" }).click();
    await expect.element(reply).toHaveValue("A red dot.");
    await reply.fill("A red dot, tiny.");
    await page.getByRole("button", { name: "Send reply" }).click();
    expect(sent).toEqual(["A red dot, tiny."]);
  });

  it("tells a model's failure, and lets the person write the reply by hand", async () => {
    const sent = await show({ model: "openai/broken", error: "The model is unwell today (key [key])." });
    await expect.element(page.getByRole("alert")).toHaveTextContent("openai/broken could not draft a reply: The model is unwell today");
    const reply = page.getByRole("textbox", { name: "Your reply" });
    await expect.element(reply).toHaveValue("");
    await expect.element(page.getByRole("button", { name: "Send reply" })).toBeDisabled();
    await reply.fill("Written by hand.");
    await page.getByRole("button", { name: "Send reply" }).click();
    expect(sent).toEqual(["Written by hand."]);
  });

  it("with no model set, asks for a reply as before", async () => {
    await show(undefined);
    await expect.element(page.getByRole("textbox", { name: "Your reply" })).toHaveValue("");
    expect(page.getByTestId("sampling-draft-note").query()).toBeNull();
  });

  it("is reached by the keyboard: the reply, then Send draft, then Decline", async () => {
    const sent = await show(DRAFT);
    await userEvent.tab();
    await expect.element(page.getByRole("textbox", { name: "Reply drafted by openai/gpt-4o-mini" })).toHaveFocus();
    await userEvent.tab();
    await expect.element(page.getByRole("button", { name: "Send draft" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    expect(sent).toEqual(["A red dot."]);
    await userEvent.tab();
    await expect.element(page.getByRole("button", { name: "Decline" })).toHaveFocus();
  });
});
