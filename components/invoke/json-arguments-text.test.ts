import { describe, expect, it } from "vitest";
import { formatArguments, parseArguments, textShowsValue } from "./json-arguments-text";

const roundTrip = (value: Record<string, unknown>): unknown => parseArguments(formatArguments(value));

describe("JSON arguments text", () => {
  it("round-trips nested objects, arrays, null, unicode, numbers and keys no schema names", () => {
    const value = {
      title: "Trip",
      author: { name: "Ada", contact: { email: "ada@example.com", phones: ["+351 21 000 0000"] } },
      links: [{ url: "https://example.com/a" }, { url: "https://example.com/b", tags: [] }],
      tasks: [{ name: "Design", subtasks: [{ name: "Sketch", subtasks: [] }] }],
      room: null,
      notes: [null, { deep: null }],
      unicode: 'Ünïcödé — 東京 🚀 \u0000 \u2028 "quoted" \\ backslash',
      "ключ with spaces": "non-ASCII key",
      numbers: { zero: 0, negative: -17, float: 3.14159, tiny: 1e-12, big: 9007199254740991, exp: 6.02e23 },
      flags: [true, false],
      empty: { obj: {}, arr: [], str: "" },
      x_unknown_extension: { anything: [1, "two", { three: 3 }] },
    };
    expect(roundTrip(value)).toEqual({ ok: true, value });
    // Key order is kept too, so the editor shows the arguments as they were given.
    const back = parseArguments(formatArguments(value));
    expect(back.ok && Object.keys(back.value)).toEqual(Object.keys(value));
  });

  it("formats as indented JSON", () => {
    expect(formatArguments({ a: [1, { b: null }] })).toBe('{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ]\n}');
  });

  it("accepts only a JSON object", () => {
    expect(parseArguments("{ not json")).toMatchObject({ ok: false, error: expect.any(String) });
    expect(parseArguments("")).toMatchObject({ ok: false });
    for (const text of ["[]", "null", "42", '"text"', "true"]) {
      expect(parseArguments(text)).toEqual({ ok: false, error: "The arguments must be a JSON object." });
    }
    expect(parseArguments("  {}  ")).toEqual({ ok: true, value: {} });
  });

  it("tells text that already shows a value from text that does not", () => {
    // The user's own layout of the same value counts as showing it (so typing is not clobbered)...
    expect(textShowsValue('{"a":1,\n"b":[ null ]}', { a: 1, b: [null] })).toBe(true);
    // ...a different value, or text that does not parse, does not.
    expect(textShowsValue('{"a":1}', { a: 2 })).toBe(false);
    expect(textShowsValue('{"a":1', { a: 1 })).toBe(false);
    expect(textShowsValue('{"a":1}', { a: 1, b: 2 })).toBe(false);
  });
});
