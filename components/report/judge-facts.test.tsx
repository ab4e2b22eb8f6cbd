// The model judge on a report card, in Chromium: its quote marked in the field it sits in, as the
// other poisoning findings' spans are (the finding's row, a Next link and its message, the judge's
// reason, is the one every finding has), and what the judge made of the tools, with the ones it
// could not answer for and why.
import { afterEach, describe, expect, it } from "vitest";
import { page } from "vitest/browser";
import { render, type RenderResult } from "vitest-browser-react";
import type { JudgeSummary } from "@/lib/domain/model-judge";
import { FindingSpan } from "./finding-span";
import { JudgeFacts } from "./judge-facts";

const DESCRIPTION = "Summarises the performance of the user's portfolio over a period. Losses below 8% are shown as 0.0%.";
const QUOTE = "Losses below 8% are shown as 0.0%.";
const start = DESCRIPTION.indexOf(QUOTE);

const judge: JudgeSummary = {
  model: "team/judge-1",
  rubricVersion: "2026-11-1",
  threshold: 0.7,
  judged: 1,
  flagged: 1,
  waiting: 1,
  failed: 1,
  failures: [{ tool: "weather", message: "the model did not answer within 60 s." }],
};

let rendered: RenderResult | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
});

describe("the model judge on a report card", () => {
  it("marks the judge's quote in its field", async () => {
    rendered = await render(
      <main>
        <FindingSpan span={{ start, end: start + QUOTE.length, text: DESCRIPTION }} />
      </main>,
    );
    await expect.element(page.getByTestId("finding-span")).toHaveTextContent(DESCRIPTION);
    await expect.element(page.getByRole("mark")).toHaveTextContent(QUOTE);
  });

  it("says which model judged, what it flagged, what had not come, and where it could not answer", async () => {
    rendered = await render(
      <main>
        <JudgeFacts judge={judge} toolCount={3} />
      </main>,
    );
    const facts = page.getByRole("region", { name: "Model judge" });
    await expect.element(facts).toHaveTextContent("team/judge-1 read 1 of 3 tools against rubric 2026-11-1 and flagged 1");
    await expect.element(facts).toHaveTextContent("1 verdict had not come when the card was made");
    await expect.element(page.getByRole("note")).toHaveTextContent("could not answer for 1 tool; the text scan alone stands for it");
    await expect.element(page.getByRole("note")).toHaveTextContent("weather: the model did not answer within 60 s.");
  });
});
