// A result as the result panel draws it, from the demo server's own answers: Markdown rendered
// safely with the raw text a click away, JSON text as highlighted JSON. (These were browser tests
// through a whole Toolscope, e2e/results.spec.ts.)
import { describe, expect, it } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import type { CallToolResult, InvocationResponse } from "@/lib/domain/mcp-types";
import { ResultView } from "./result-view";
import { demoCall } from "./testing/demo-fixtures";

function answered(result: CallToolResult): InvocationResponse {
  return { status: "ok", result, outputValidation: { verdict: "none" }, durationMs: 12, auditId: "a-1", protocolVersion: "2026-07-28" };
}

describe("ResultView", () => {
  it("renders markdown text, and the raw text is a click away", async () => {
    await render(<ResultView response={answered(await demoCall("render_markdown"))} />);
    const rendered = page.getByTestId("content-markdown");
    await expect.element(rendered.getByRole("heading", { name: "Release 1.4" })).toBeVisible();
    expect(rendered.element().querySelector("strong")?.textContent).toBe("time");
    await expect.element(rendered.getByRole("link", { name: "the changelog" })).toHaveAttribute("href", "https://example.com/changelog");
    await page.getByTestId("toggle-raw").click();
    await expect.element(page.getByTestId("content-text")).toHaveTextContent("# Release 1.4");
  });

  it("shows JSON text as highlighted JSON", async () => {
    await render(<ResultView response={answered(await demoCall("get_json"))} />);
    await expect.element(page.getByTestId("content-json")).toHaveTextContent('"service": "toolscope-demo"');
    await expect.element(page.getByTestId("result-panel")).toHaveAttribute("data-status", "ok");
  });
});
