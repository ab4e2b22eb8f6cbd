// A result as the result panel draws it, from real servers' answers read by the call pipeline's
// own code (components/invoke/testing/demo-fixtures.ts): Markdown rendered safely with the raw text
// a click away, JSON that folds, structured content checked against the output schema and its
// text copy, long text cut short, embedded resources. (These were browser tests through a whole
// Toolscope, e2e/results.spec.ts and e2e/results-more.spec.ts.)
import { describe, expect, it } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { ResultView } from "./result-view";
import { answered } from "./testing/demo-fixtures";

describe("ResultView", () => {
  it("renders markdown text, and the raw text is a click away", async () => {
    await render(<ResultView response={await answered("demo", "render_markdown")} />);
    const rendered = page.getByTestId("content-markdown");
    await expect.element(rendered.getByRole("heading", { name: "Release 1.4" })).toBeVisible();
    expect(rendered.element().querySelector("strong")?.textContent).toBe("time");
    await expect.element(rendered.getByRole("link", { name: "the changelog" })).toHaveAttribute("href", "https://example.com/changelog");
    await page.getByTestId("toggle-raw").click();
    await expect.element(page.getByTestId("content-text")).toHaveTextContent("# Release 1.4");
  });

  it("shows JSON text as highlighted JSON that folds and unfolds", async () => {
    await render(<ResultView response={await answered("demo", "get_json")} />);
    const tree = page.getByTestId("content-json");
    await expect.element(tree).toHaveTextContent('"service": "toolscope-demo"');
    await expect.element(page.getByTestId("result-panel")).toHaveAttribute("data-status", "ok");
    await tree.getByTestId("json-toggle").first().click();
    await expect.element(tree).not.toHaveTextContent('"service"');
    await expect.element(tree).toHaveTextContent(/\d+ keys/);
    await tree.getByTestId("json-toggle").first().click();
    await expect.element(tree).toHaveTextContent('"service": "toolscope-demo"');
  });

  it("checks structured content against the output schema and says whether its text copy agrees", async () => {
    const weather = await render(<ResultView response={await answered("demo", "get_weather", { city: "Porto" })} />);
    await expect.element(page.getByTestId("output-verdict")).toHaveAttribute("data-verdict", "valid");
    await expect.element(page.getByTestId("text-copy")).toHaveAttribute("data-text-copy", "matches");
    await weather.unmount();

    const noText = await render(<ResultView response={await answered("edge-cases", "structured_no_text")} />);
    await expect.element(page.getByTestId("text-copy")).toHaveAttribute("data-text-copy", "missing");
    await noText.unmount();

    await render(<ResultView response={await answered("edge-cases", "structured_other_text")} />);
    await expect.element(page.getByTestId("text-copy")).toHaveAttribute("data-text-copy", "differs");
    await expect.element(page.getByTestId("output-verdict")).toHaveAttribute("data-verdict", "valid");
  });

  it("marks a declared output schema with no structured content as not matching it", async () => {
    const response = await answered("edge-cases", "missing_structured");
    await render(<ResultView response={response} />);
    const missing = page.getByTestId("structured-content-missing");
    await expect.element(missing.getByTestId("output-verdict")).toHaveAttribute("data-verdict", "invalid");
    await expect.element(page.getByTestId("result-panel")).toHaveAttribute("data-outcome", "output_mismatch");
  });

  it("cuts long text short, with show all and a download", async () => {
    const message = "0123456789".repeat(2_500);
    await render(<ResultView response={await answered("demo", "echo", { message })} />);
    const text = page.getByTestId("content-text");
    await expect.poll(() => text.element().textContent?.length).toBe(20_000);
    await page.getByTestId("show-all").click();
    await expect.poll(() => text.element().textContent?.length).toBe(25_000);
    await expect.element(page.getByRole("link", { name: "Download" })).toHaveAttribute("download", "result.txt");
  });

  it("shows an embedded JSON resource as JSON that folds", async () => {
    await render(<ResultView response={await answered("demo", "annotated_content")} />);
    await expect.element(page.getByTestId("resource-json")).toBeVisible();
    await expect.element(page.getByTestId("resource-json").getByTestId("json-toggle").first()).toBeVisible();
  });

  it("offers embedded binaries for download, previews images, and shows embedded text with its type", async () => {
    await render(<ResultView response={await answered("demo", "embed_resources")} serverId="demo" />);
    const blob = page.getByTestId("content-resource-blob");
    await expect.element(blob.getByRole("img")).toBeVisible();
    await expect.element(blob.getByRole("link", { name: /^Download / })).toHaveAttribute("download", expect.stringMatching(/\.png$/));
    await expect.element(page.getByTestId("content-resource-text")).toHaveTextContent("text/csv");
  });

  it("reads a text blob on the page (a text/plain file sent as base64), besides offering it to download", async () => {
    const response = await answered("demo", "embed_resources");
    const text = "Line one of the notes\nLine two, ünïcode";
    const blob = btoa(String.fromCharCode(...new TextEncoder().encode(text)));
    const result = {
      ...response.result!,
      content: [{ type: "resource", resource: { uri: "file:///notes.txt", mimeType: "text/plain", blob } }],
    };
    await render(<ResultView response={{ ...response, result } as typeof response} serverId="demo" />);
    const shown = page.getByTestId("content-resource-blob");
    await expect.element(shown.getByTestId("content-resource-blob-text")).toHaveTextContent("Line two, ünïcode");
    await expect.element(shown.getByRole("link", { name: "Download notes.txt" })).toBeVisible();
  });

  it("offers to read a resource link only when the server can read resources", async () => {
    const response = await answered("edge-cases", "link_only");
    const unreadable = await render(<ResultView response={response} serverId="edge-cases" resourcesReadable={false} />);
    await expect.element(page.getByTestId("result-panel")).toHaveTextContent("file:///nowhere.txt");
    expect(page.getByTestId("open-resource").elements()).toHaveLength(0);
    await unreadable.unmount();
    await render(<ResultView response={response} serverId="edge-cases" resourcesReadable />);
    await expect.element(page.getByTestId("open-resource")).toBeVisible();
  });
});
