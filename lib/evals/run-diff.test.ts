// What changed between two runs: rates per case and model, the expectations that broke or were
// fixed, and nothing made up for a case one of the runs did not try.
import { describe, expect, it } from "vitest";
import { diffRuns } from "./run-diff";
import type { EvalAttempt } from "@/lib/domain/eval-run-shapes";

function attempt(model: string, caseName: string, passed: boolean[]): EvalAttempt {
  return {
    case: caseName,
    model,
    attempt: 1,
    passed: passed.every(Boolean),
    expectations: passed.map((ok, index) => ({
      expectation: { kind: "answer_contains", text: `word ${index}` },
      passed: ok,
      message: ok ? "Found in the answer" : "Not in the answer",
    })),
    calls: [],
    answer: "",
    steps: 1,
    inputTokens: 1,
    outputTokens: 1,
    costUsd: null,
    durationMs: 1,
    error: null,
  };
}

describe("diffRuns", () => {
  it("names what broke and what was fixed where both runs tried a case on a model", () => {
    const diff = diffRuns(
      [attempt("m", "a", [true, false]), attempt("gone", "a", [false])],
      [attempt("m", "a", [false, true]), attempt("new", "a", [true])],
    );
    expect(diff.cells).toEqual([
      {
        case: "a",
        model: "m",
        before: 0,
        after: 0,
        broke: ["The answer contains “word 0”"],
        fixed: ["The answer contains “word 1”"],
        changed: true,
      },
      { case: "a", model: "new", before: null, after: 1, broke: [], fixed: [], changed: true },
      { case: "a", model: "gone", before: 0, after: null, broke: [], fixed: [], changed: true },
    ]);
    expect(diffRuns([attempt("m", "a", [true])], [attempt("m", "a", [true])]).cells[0]!.changed).toBe(false);
  });
});
