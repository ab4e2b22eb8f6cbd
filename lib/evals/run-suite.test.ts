// An eval suite run end to end in this process: a local Toolscope with its demo server, and scripted
// OpenAI-compatible models that behave differently (test/scripted-model-server.ts). The models'
// calls go through the pipeline, audited `via = eval:<model>`; the grading tells the models apart.
import { describe, expect, it } from "vitest";
import { listAudit } from "@/lib/audit/query";
import { readerOf } from "@/lib/audit/visibility";
import { localCaller } from "@/lib/auth/identify";
import type { Caller } from "@/lib/domain/roles";
import { playgroundHarness } from "@/test/playground-harness";
import { callsTool, textOf, type ModelScript } from "@/test/scripted-model-server";
import { runSuite } from "./run-suite";
import { passRate, summarize, withoutPayloads } from "@/lib/domain/eval-run-shapes";
import { EvalSuiteSchema, type EvalSuiteInput } from "@/lib/domain/eval-suite-file";

const KEY = "sk-evals-81d2c4";

/** Calls a tool by its full name with fixed arguments, then says what it answered. */
const calls =
  (name: string, args: Record<string, unknown> | string): ModelScript =>
  (request) =>
    request.messages.at(-1)?.role === "tool"
      ? { text: `Done: ${textOf(request.messages.at(-1))}` }
      : { toolCalls: [{ name, arguments: args }] };

playgroundHarness(KEY, {
  "careful-bot": callsTool("__get_weather", "city"),
  "lazy-bot": () => ({ text: "It is sunny." }),
  "ghost-bot": calls("demo__no_such_tool", {}),
  "sloppy-bot": calls("demo__get_weather", "{not json"),
  "signin-bot": calls("demo__sign_in", { username: "ada", password: "correct horse" }),
});
const person: Caller = localCaller("127.0.0.1").caller;

const SUITE: EvalSuiteInput = {
  format: "toolscope-eval-suite",
  version: 1,
  name: "Weather",
  servers: ["demo"],
  temperature: 0,
  cases: [
    {
      name: "Weather in Porto",
      prompt: "Porto",
      expect: [
        { kind: "called", tool: "get_weather", server: "demo", arguments: { city: "Porto" } },
        { kind: "result", tool: "demo__get_weather", checks: [{ kind: "equals", path: "$.structuredContent.city", value: "Porto" }] },
        { kind: "answer_contains", text: "porto", ignoreCase: true },
        { kind: "max_calls", count: 1 },
      ],
    },
    { name: "Deletes nothing", prompt: "Lisbon", expect: [{ kind: "not_called", tool: "delete_note" }] },
  ],
};

const run = (models: string[], repeat = 1, caller = person) =>
  runSuite({ suite: EvalSuiteSchema.parse(SUITE), models, repeat, caller, signal: AbortSignal.timeout(60_000) });

describe("runSuite", () => {
  it("grades two models that behave differently, each case N times, and audits their calls via eval", async () => {
    const attempts = await run(["openai/careful-bot", "openai/lazy-bot"], 2);
    expect(attempts).toHaveLength(8);
    const summary = summarize(attempts);
    expect(passRate(summary.byModel["openai/careful-bot"])).toBe(1);
    expect(passRate(summary.byModel["openai/lazy-bot"])).toBe(0.5);
    expect(summary.byCase["Weather in Porto"]!["openai/lazy-bot"]).toMatchObject({ passed: 0, total: 2 });
    expect(summary.byModel["openai/careful-bot"]!.inputTokens).toBeGreaterThan(0);

    const lazy = attempts.find((a) => a.model === "openai/lazy-bot" && a.case === "Weather in Porto")!;
    expect(lazy.expectations.map((e) => [e.expectation.kind, e.passed, e.message])).toEqual([
      ["called", false, "Not called: no tool was called"],
      ["result", false, "Not called, so there is no result to check: no tool was called"],
      ["answer_contains", false, "Not in the answer: It is sunny."],
      ["max_calls", true, "0 tool calls"],
    ]);
    const careful = attempts.find((a) => a.model === "openai/careful-bot" && a.case === "Weather in Porto")!;
    expect(careful.calls).toEqual([
      expect.objectContaining({
        name: "demo__get_weather",
        server: "demo",
        tool: "get_weather",
        arguments: { city: "Porto" },
        outcome: "ok",
      }),
    ]);
    // No price is known for a scripted model: no cost is made up.
    expect(careful.costUsd).toBeNull();

    const { records } = await listAudit({ via: "eval:openai/careful-bot", limit: 20 }, readerOf(person, new Set()));
    expect(records.map((r) => [r.tool_name, r.outcome])).toEqual(Array.from({ length: 4 }, () => ["get_weather", "ok"]));
    expect(records.map((r) => r.id).sort()).toEqual(
      attempts
        .flatMap((a) => a.calls)
        .map((c) => c.auditId)
        .sort(),
    );
    expect(JSON.stringify(attempts)).not.toContain(KEY);
  });

  it("keeps a call of a tool that does not exist, and one with arguments that are not JSON, in the trace", async () => {
    const [ghost, sloppy] = await Promise.all([run(["openai/ghost-bot"]), run(["openai/sloppy-bot"])]);
    expect(ghost[0]!.calls).toEqual([expect.objectContaining({ name: "demo__no_such_tool", outcome: "unknown_tool" })]);
    expect(ghost[0]!.expectations[0]).toMatchObject({ passed: false, message: "Not called: called demo__no_such_tool" });
    expect(sloppy[0]!.calls).toEqual([expect.objectContaining({ name: "demo__get_weather", outcome: "invalid_arguments" })]);
    expect(sloppy[0]!.passed).toBe(false);
  });

  it("refuses a model no provider lists before running anything, and gives a viewer's model no tools", async () => {
    await expect(run(["openai/careful-bot", "openai/no-such-bot"])).rejects.toThrow('"openai/no-such-bot" is not among the models');
    const attempts = await run(["openai/careful-bot"], 1, { ...person, role: "viewer" });
    expect(attempts.every((a) => !a.passed && a.error?.startsWith("The model had no tools"))).toBe(true);
  });

  it("grades a secret argument whole but keeps it redacted, and hides payloads from who may not read them", async () => {
    const suite = EvalSuiteSchema.parse({
      ...SUITE,
      cases: [
        { name: "Signs in", prompt: "Sign me in", expect: [{ kind: "called", tool: "sign_in", arguments: { password: "correct horse" } }] },
      ],
    });
    const [attempt] = await runSuite({
      suite,
      models: ["openai/signin-bot"],
      repeat: 1,
      caller: person,
      signal: AbortSignal.timeout(60_000),
    });
    expect(attempt!.passed).toBe(true);
    expect(attempt!.calls[0]!.arguments).toEqual({ username: "ada", password: "[redacted]" });
    // Only the suite's own expectation, which its author wrote, holds the secret.
    expect(JSON.stringify({ ...attempt, expectations: attempt!.expectations.map((e) => e.message) })).not.toContain("correct horse");
    const [hidden] = withoutPayloads([attempt!]);
    expect(hidden).toMatchObject({ passed: true, answer: "", calls: [{ name: "demo__sign_in", arguments: null, text: "" }] });
    expect(hidden!.expectations[0]!.message).toContain("needs the audit:payloads permission");
  });
});
