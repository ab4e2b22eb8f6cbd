import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { jsonDigest } from "./json-digest";

function expected(value: unknown): { size: number; sha256: string } {
  const json = JSON.stringify(value);
  return { size: Buffer.byteLength(json, "utf8"), sha256: createHash("sha256").update(json).digest("hex") };
}

describe("jsonDigest", () => {
  it("is the size and SHA-256 of JSON.stringify, for every kind of JSON value", () => {
    const values: unknown[] = [
      null,
      0,
      -1.5e-7,
      true,
      "",
      'quote " backslash \\ newline \n tab \t control \u0001',
      "naïve — 日本語 — 🙂",
      [],
      {},
      [1, "two", null, { three: [3] }],
      { content: [{ type: "text", text: "hi" }], structuredContent: { a: 1, nested: { b: [true, false] } }, isError: false },
      { skipped: undefined, kept: 1, fn: () => 1 },
      [undefined, () => 1],
      { date: new Date(0) },
      { 'key with "quotes"': "v" },
    ];
    for (const value of values) expect(jsonDigest(value), JSON.stringify(value)).toEqual(expected(value));
  });

  it("feeds a long string in slices without splitting a surrogate pair or its escapes", () => {
    const emoji = "🙂".repeat(70_000);
    const mixed = `${"a".repeat(65_535)}🙂${"\n".repeat(70_000)}\u0000é`;
    const lone = `${"x".repeat(65_535)}\ud800${"y".repeat(10)}`;
    for (const text of [emoji, mixed, lone, "b".repeat(3 * 1024 * 1024)]) {
      expect(jsonDigest({ content: [{ type: "image", data: text }] })).toEqual(expected({ content: [{ type: "image", data: text }] }));
    }
  });

  it("answers null for what JSON.stringify leaves out", () => {
    expect(jsonDigest(undefined)).toBeNull();
  });
});
