// Checks on a saved call's result (issue 17): each names what it expected and what it found.
// Paths are a small, safe subset of JSONPath ($, .name, ["key"], [index]) read against the
// result as the spec shapes it ({ content, structuredContent, isError } for a tool call, { contents }
// for a resource read, { messages } for a prompt get). Pure and client-safe.
import { outcomeInfo } from "@/lib/domain/outcomes";
import type { InvocationResponse } from "@/lib/domain/mcp-types";
import type { FeatureResponse } from "@/lib/domain/server-features";
import type { Check, CheckResult } from "@/lib/domain/saved-shapes";

/** What a run answered: a tool call's response, or a read's or a get's (which has no output schema to check). */
export type RunAnswer = InvocationResponse | FeatureResponse<unknown>;

const STEP = /\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/y;

/** The steps of a path, or null when it is not one. */
export function parsePath(path: string): (string | number)[] | null {
  if (!path.startsWith("$")) return null;
  const steps: (string | number)[] = [];
  STEP.lastIndex = 1;
  while (STEP.lastIndex < path.length) {
    const at = STEP.lastIndex;
    const match = STEP.exec(path);
    if (!match || match.index !== at) return null;
    if (match[1] !== undefined) steps.push(match[1]);
    else if (match[2] !== undefined) steps.push(Number(match[2]));
    else {
      try {
        steps.push(JSON.parse(`"${match[3]}"`) as string);
      } catch {
        return null; // an escape JSON does not know ("\x")
      }
    }
  }
  return steps;
}

/** The value at a path, or `found: false`. Only own properties are read. */
export function readPath(value: unknown, path: string): { found: true; value: unknown } | { found: false } {
  const steps = parsePath(path);
  if (!steps) return { found: false };
  let current = value;
  for (const step of steps) {
    if (typeof step === "number") {
      if (!Array.isArray(current) || step >= current.length) return { found: false };
      current = current[step];
    } else {
      if (typeof current !== "object" || current === null || Array.isArray(current) || !Object.hasOwn(current, step))
        return { found: false };
      current = (current as Record<string, unknown>)[step];
    }
  }
  return { found: true, value: current };
}

/** Deep equality of JSON values (object key order does not matter). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  }
  if (typeof a === "object" && a !== null && typeof b === "object" && b !== null) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every((k) => Object.hasOwn(b, k) && jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return false;
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** What a check says, in a few words. */
export function describeCheck(check: Check): string {
  switch (check.kind) {
    case "no_error":
      return "Succeeds (no error)";
    case "output_schema":
      return "structuredContent matches the output schema";
    case "equals":
      return `${check.path} equals ${short(check.value)}`;
    case "contains":
      return `${check.path} contains ${short(check.value)}`;
    case "duration_under":
      return `Takes under ${check.ms} ms`;
  }
}

function evaluate(check: Check, response: RunAnswer): { passed: boolean; message: string } {
  switch (check.kind) {
    case "no_error":
      return response.status === "ok"
        ? { passed: true, message: "Succeeded" }
        : {
            passed: false,
            message: `Ended as “${outcomeInfo(response.status).label}”${response.error ? `: ${response.error.message}` : ""}`,
          };
    case "output_schema": {
      if (!("outputValidation" in response))
        return { passed: false, message: "Nothing was checked: only a tool call has an output schema" };
      const v = response.outputValidation;
      if (v.verdict === "valid") return { passed: true, message: "Matches the output schema" };
      if (v.verdict === "none")
        return { passed: false, message: "Nothing was checked: the tool declares no output schema, or the call failed" };
      if (v.verdict === "schema_error") return { passed: false, message: `The output schema does not compile: ${v.message}` };
      return { passed: false, message: `Does not match: ${v.errors.map((e) => `${e.path} ${e.message}`).join("; ")}` };
    }
    case "equals":
    case "contains": {
      if (!response.result) return { passed: false, message: "There is no result to read" };
      const found = readPath(response.result, check.path);
      if (!found.found) return { passed: false, message: `${check.path} is not in the result` };
      const passed =
        check.kind === "equals"
          ? jsonEqual(found.value, check.value)
          : typeof found.value === "string"
            ? typeof check.value === "string" && found.value.includes(check.value)
            : Array.isArray(found.value) && found.value.some((item) => jsonEqual(item, check.value));
      return { passed, message: passed ? `Found ${short(found.value)}` : `Found ${short(found.value)}` };
    }
    case "duration_under":
      return response.durationMs < check.ms
        ? { passed: true, message: `Took ${response.durationMs} ms` }
        : { passed: false, message: `Took ${response.durationMs} ms` };
  }
}

/**
 * Each check against a call's response; `passed` when all hold. A call without checks passes
 * when it succeeds, so a collection of bare calls is still a smoke test.
 */
export function runChecks(checks: readonly Check[], response: RunAnswer): { passed: boolean; results: CheckResult[] } {
  const results = checks.map((check) => ({ check, ...evaluate(check, response) }));
  return { passed: checks.length ? results.every((r) => r.passed) : response.status === "ok", results };
}

/** What of a result two runs are compared on: its text and its structuredContent. */
export function comparableResult(response: RunAnswer | null): unknown {
  if (!response) return null;
  if (!response.result) return { outcome: response.status, error: response.error?.message ?? null };
  // A read's contents or a get's messages are compared whole.
  if (!("outputValidation" in response)) return response.result;
  const blocks = Array.isArray(response.result.content) ? (response.result.content as unknown[]) : [];
  const text = blocks
    .filter((b): b is { type: "text"; text: string } => typeof b === "object" && b !== null && (b as { type?: unknown }).type === "text")
    .map((b) => b.text)
    .join("\n");
  return {
    text,
    ...(response.result.structuredContent === undefined ? {} : { structuredContent: response.result.structuredContent }),
    ...(response.result.isError === true ? { isError: true } : {}),
  };
}

/** Why a run did not pass, in a line: its error, else the checks that failed. */
export function whyCallFailed(run: { error: string | null; checks: readonly CheckResult[] }): string {
  return (
    run.error ??
    run.checks
      .filter((c) => !c.passed)
      .map((c) => c.message)
      .join("; ")
  );
}
