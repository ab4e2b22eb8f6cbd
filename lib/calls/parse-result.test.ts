import { describe, expect, it } from "vitest";
import { parseToolResult } from "./parse-result";
import { malformedBlocks } from "../domain/result-problems";

const png = "iVBORw0KGgo=";

describe("parseToolResult", () => {
  it("takes every block type of the spec as it is", () => {
    const raw = {
      content: [
        { type: "text", text: "hi", annotations: { audience: ["user"], priority: 0.5 } },
        { type: "image", data: png, mimeType: "image/png" },
        { type: "audio", data: png, mimeType: "audio/wav" },
        { type: "resource_link", uri: "file:///a", name: "a", size: 3 },
        { type: "resource", resource: { uri: "file:///b", text: "b" } },
        { type: "resource", resource: { uri: "file:///c", blob: png, mimeType: "image/png" } },
      ],
      structuredContent: { ok: true },
      isError: false,
      _meta: { x: 1 },
    };
    const parsed = parseToolResult(raw);
    expect(parsed).toEqual({ result: raw, problems: [] });
    expect(parsed.result).toBe(raw);
  });

  it("keeps a malformed block where it was, with its reason, and the good ones around it", () => {
    const raw = {
      content: [
        { type: "text", text: "a" },
        { type: "image", mimeType: "image/png" },
        { type: "audio", data: "not base64!", mimeType: "audio/wav" },
        { type: "resource", resource: { uri: "x" } },
        { type: "text", text: 42 },
        "just a string",
        { text: "no type" },
        { type: "text", text: "z" },
      ],
    };
    const { result, problems } = parseToolResult(raw);
    expect(result.content).toHaveLength(8);
    expect(problems).toEqual([
      { path: "content[1]", reason: "image block: must have required property 'data'" },
      { path: "content[2]", reason: "audio block: data is not base64" },
      { path: "content[3]", reason: "resource block: resource must have either text or blob" },
      { path: "content[4]", reason: "text block: text must be string" },
      { path: "content[5]", reason: "a content block must be an object" },
      { path: "content[6]", reason: "a content block needs a string `type`" },
    ]);
    expect([...malformedBlocks(problems).keys()]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("shows a block type from a newer revision raw, without calling it broken", () => {
    expect(parseToolResult({ content: [{ type: "hologram", frames: 3 }] }).problems).toEqual([]);
  });

  it("reads a missing content array as empty, as older SDKs do", () => {
    expect(parseToolResult({ structuredContent: { a: 1 } })).toEqual({
      result: { structuredContent: { a: 1 }, content: [] },
      problems: [],
    });
  });

  it("names what breaks the result's own shape, and keeps the answer as sent", () => {
    expect(parseToolResult("nope")).toEqual({
      result: { content: [] },
      problems: [{ path: "", reason: "the result is not a JSON object" }],
      raw: "nope",
    });
    const raw = { content: "text", isError: "yes", structuredContent: [1] };
    expect(parseToolResult(raw)).toEqual({
      result: { content: [], isError: "yes", structuredContent: [1] },
      problems: [
        { path: "content", reason: "content must be an array of content blocks" },
        { path: "isError", reason: "isError must be a boolean" },
        { path: "structuredContent", reason: "structuredContent must be a JSON object" },
      ],
      raw,
    });
  });
});
