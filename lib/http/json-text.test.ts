// The result's JSON is made once and spliced into the answer: the same text JSON.stringify makes.
import { describe, expect, it } from "vitest";
import { jsonText, stringifyAnswer } from "./json-text";

describe("jsonText and stringifyAnswer", () => {
  it("makes an object's JSON once and keeps it", () => {
    const result = { content: [{ type: "text", text: 'é \u2028 \ud83d\ude00 "quoted"\n' }] };
    const text = jsonText(result);
    expect(text).toBe(JSON.stringify(result));
    // Kept: a change to the object (which the pipeline never makes) does not show.
    result.content.push({ type: "text", text: "later" });
    expect(jsonText(result)).toBe(text);
  });

  it("answers as JSON.stringify would, with the kept text of the result spliced in", () => {
    const result = { content: [{ type: "text", text: "x".repeat(100_000) }], structuredContent: { n: 1 } };
    const answer = { status: "ok", auditId: "a1", durationMs: 3, result };
    expect(stringifyAnswer(answer)).toBe(JSON.stringify(answer)); // nothing kept yet: plain
    jsonText(result);
    const spliced = stringifyAnswer(answer);
    expect(JSON.parse(spliced)).toEqual(answer);
    expect(spliced.endsWith(`"result":${JSON.stringify(result)}}`)).toBe(true);
    expect(stringifyAnswer({ result })).toBe(`{"result":${JSON.stringify(result)}}`);
  });

  it("leaves anything else to JSON.stringify", () => {
    for (const body of [null, "text", 3, [1, { result: 2 }], { result: "a string" }, { other: 1 }])
      expect(stringifyAnswer(body)).toBe(JSON.stringify(body));
    expect(jsonText(undefined)).toBe("null");
  });
});
