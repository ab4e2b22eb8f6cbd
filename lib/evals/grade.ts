import "server-only";
// Whether an attempt did what its case expects: the tool calls the model made (and what they
// answered) and its final words, against each expectation. Each result says what it found, so a
// failed case reads without opening the trace. Patterns run on RE2 (linear time): a suite's
// regular expression cannot stall the server, whatever the model answers.
import { RE2JS } from "re2js";
import { compileSchema, describeErrors } from "@/lib/json-schema/dialect";
import { jsonEqual, runChecks, type RunAnswer } from "@/lib/domain/saved-checks";
import type { EvalToolCall, ExpectationResult } from "@/lib/domain/eval-run-shapes";
import type { Expectation } from "@/lib/domain/eval-suite-file";

/** A call as graded: what the trace keeps, and the pipeline's whole answer for result checks. */
export type GradedCall = EvalToolCall & {
  response?: RunAnswer | undefined;
  /** The arguments as findings may quote them: a secret field redacted. */
  shownArguments?: unknown;
};

const shown = (call: GradedCall): unknown => ("shownArguments" in call ? call.shownArguments : call.arguments);

function short(value: unknown, max = 120): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "undefined");
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * `expected` is found in `actual`: an object's listed properties match (others may be there too),
 * an array matches element by element with the same length, anything else is equal.
 */
export function containsJson(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected))
    return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => containsJson(actual[i], e));
  if (typeof expected === "object" && expected !== null) {
    if (typeof actual !== "object" || actual === null || Array.isArray(actual)) return false;
    return Object.entries(expected).every(
      ([key, value]) => Object.hasOwn(actual, key) && containsJson((actual as Record<string, unknown>)[key], value),
    );
  }
  return jsonEqual(actual, expected);
}

function isTool(e: { tool: string; server?: string | undefined }, call: EvalToolCall): boolean {
  if (e.server !== undefined) return call.server === e.server && (call.tool === e.tool || call.name === e.tool);
  return call.name === e.tool || call.tool === e.tool;
}

function names(calls: readonly EvalToolCall[]): string {
  return calls.length === 0 ? "no tool was called" : `called ${calls.map((c) => c.name).join(", ")}`;
}

function argumentsProblem(e: Extract<Expectation, { kind: "called" }>, call: GradedCall): string | null {
  const args = call.arguments;
  if (e.arguments && !containsJson(args, e.arguments)) return `arguments ${short(shown(call))} do not contain ${short(e.arguments)}`;
  if (e.argumentsSchema) {
    const compiled = compileSchema(e.argumentsSchema);
    if (!compiled.ok) return `the expectation's schema does not compile: ${compiled.error}`;
    if (!compiled.validate(args))
      return `arguments ${short(shown(call))} do not match the schema: ${describeErrors(compiled.validate.errors)
        .map((error) => `${error.path || "/"} ${error.message}`)
        .join("; ")}`;
  }
  return null;
}

function called(e: Extract<Expectation, { kind: "called" }>, calls: readonly GradedCall[]): ExpectationResult {
  const mine = calls.filter((call) => isTool(e, call));
  if (mine.length === 0) return { expectation: e, passed: false, message: `Not called: ${names(calls)}` };
  const problems = mine.map((call) => argumentsProblem(e, call));
  const good = problems.indexOf(null);
  if (good >= 0) return { expectation: e, passed: true, message: `Called with ${short(shown(mine[good]!))}` };
  return {
    expectation: e,
    passed: false,
    message: `Called ${mine.length === 1 ? "once" : `${mine.length} times`}, never as expected: ${problems.at(-1)}`,
  };
}

/** RE2's flags for the suite's i, m, s. */
function compilePattern(pattern: string, flags: string): RE2JS {
  let bits = 0;
  if (flags.includes("i")) bits |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes("m")) bits |= RE2JS.MULTILINE;
  if (flags.includes("s")) bits |= RE2JS.DOTALL;
  return RE2JS.compile(pattern, bits);
}

function resultChecks(e: Extract<Expectation, { kind: "result" }>, calls: readonly GradedCall[]): ExpectationResult {
  const last = calls.filter((call) => isTool(e, call)).at(-1);
  if (!last) return { expectation: e, passed: false, message: `Not called, so there is no result to check: ${names(calls)}` };
  if (!last.response) return { expectation: e, passed: false, message: `Toolscope did not send the call (${last.outcome}): ${last.text}` };
  const { passed, results } = runChecks(e.checks, last.response);
  const failed = results.filter((r) => !r.passed);
  return {
    expectation: e,
    passed,
    message: passed
      ? `The result passes ${results.length} check${results.length === 1 ? "" : "s"}`
      : failed.map((r) => r.message).join("; "),
  };
}

function one(e: Expectation, calls: readonly GradedCall[], answer: string): ExpectationResult {
  switch (e.kind) {
    case "called":
      return called(e, calls);
    case "not_called": {
      const mine = calls.filter((call) => isTool(e, call));
      return mine.length === 0
        ? { expectation: e, passed: true, message: "Not called" }
        : { expectation: e, passed: false, message: `Called ${mine.length === 1 ? "once" : `${mine.length} times`}` };
    }
    case "max_calls":
      return {
        expectation: e,
        passed: calls.length <= e.count,
        message: `${calls.length} tool call${calls.length === 1 ? "" : "s"}`,
      };
    case "answer_contains": {
      const found = e.ignoreCase ? answer.toLowerCase().includes(e.text.toLowerCase()) : answer.includes(e.text);
      return {
        expectation: e,
        passed: found,
        message: found ? "Found in the answer" : `Not in the answer: ${short(answer) || "(no answer)"}`,
      };
    }
    case "answer_matches": {
      let matched: boolean;
      try {
        matched = compilePattern(e.pattern, e.flags ?? "")
          .matcher(answer)
          .find();
      } catch (error) {
        return { expectation: e, passed: false, message: `The pattern is not one RE2 reads: ${(error as Error).message}` };
      }
      return {
        expectation: e,
        passed: matched,
        message: matched ? "The answer matches" : `No match in: ${short(answer) || "(no answer)"}`,
      };
    }
    case "result":
      return resultChecks(e, calls);
  }
}

export function grade(expectations: readonly Expectation[], calls: readonly GradedCall[], answer: string): ExpectationResult[] {
  return expectations.map((e) => one(e, calls, answer));
}

/** A suite's pattern that RE2 cannot read, said when the suite is saved rather than at each attempt. */
export function patternProblem(pattern: string, flags = ""): string | null {
  try {
    compilePattern(pattern, flags);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
