import { describe, expect, it } from "vitest";
import type { InvocationResponse } from "@/lib/domain/mcp-types";
import { comparableResult, parsePath, readPath, runChecks } from "./saved-checks";
import { CheckSchema } from "./saved-shapes";

function response(over: Partial<InvocationResponse> = {}): InvocationResponse {
  return {
    status: "ok",
    result: {
      content: [{ type: "text", text: "Lisbon: 21°C, sunny" }],
      structuredContent: { city: "Lisbon", temp: 21, tags: ["sun", "warm"] },
    },
    outputValidation: { verdict: "valid" },
    durationMs: 40,
    auditId: "a1",
    protocolVersion: "2025-11-25",
    ...over,
  };
}

describe("JSON paths", () => {
  it("reads dotted names, quoted keys and indexes, and only own properties", () => {
    expect(parsePath('$.a["b c"][2].d')).toEqual(["a", "b c", 2, "d"]);
    expect(parsePath("a.b")).toBeNull();
    expect(parsePath("$.a[")).toBeNull();
    expect(parsePath('$["\\x"]')).toBeNull();
    const value = { a: { "b c": [0, 1, { d: "x" }] } };
    expect(readPath(value, '$.a["b c"][2].d')).toEqual({ found: true, value: "x" });
    expect(readPath(value, "$.a.missing")).toEqual({ found: false });
    expect(readPath({}, "$.constructor")).toEqual({ found: false });
    expect(readPath([1], "$[5]")).toEqual({ found: false });
  });

  it("refuses a path that is not one at the schema", () => {
    expect(CheckSchema.safeParse({ kind: "equals", path: "structuredContent.city", value: 1 }).success).toBe(false);
    expect(CheckSchema.safeParse({ kind: "equals", path: "$.structuredContent.city", value: 1 }).success).toBe(true);
  });
});

describe("checks", () => {
  it("passes when every check holds, and says what it found when one does not", () => {
    const ok = runChecks(
      [
        { kind: "no_error" },
        { kind: "output_schema" },
        { kind: "equals", path: "$.structuredContent.city", value: "Lisbon" },
        { kind: "contains", path: "$.content[0].text", value: "sunny" },
        { kind: "contains", path: "$.structuredContent.tags", value: "warm" },
        { kind: "duration_under", ms: 100 },
      ],
      response(),
    );
    expect(ok.passed).toBe(true);
    const failed = runChecks(
      [
        { kind: "equals", path: "$.structuredContent.temp", value: 30 },
        { kind: "duration_under", ms: 10 },
      ],
      response(),
    );
    expect(failed.passed).toBe(false);
    expect(failed.results.map((r) => r.message)).toEqual(["Found 21", "Took 40 ms"]);
  });

  it("fails no_error on a tool error and a call that never completed; a bare call passes only when it succeeds", () => {
    const toolError = response({ status: "tool_error", result: { content: [{ type: "text", text: "no" }], isError: true } });
    expect(runChecks([{ kind: "no_error" }], toolError).passed).toBe(false);
    const timeout: InvocationResponse = { ...response({ status: "timeout", error: { message: "Timed out" } }), result: undefined };
    expect(runChecks([{ kind: "equals", path: "$.x", value: 1 }], timeout).results[0]!.message).toBe("There is no result to read");
    expect(runChecks([], timeout).passed).toBe(false);
    expect(runChecks([], response()).passed).toBe(true);
    expect(runChecks([{ kind: "output_schema" }], response({ outputValidation: { verdict: "none" } })).passed).toBe(false);
  });

  it("compares runs on their text and structuredContent", () => {
    expect(comparableResult(response())).toEqual({
      text: "Lisbon: 21°C, sunny",
      structuredContent: { city: "Lisbon", temp: 21, tags: ["sun", "warm"] },
    });
    expect(comparableResult(null)).toBeNull();
  });
});
