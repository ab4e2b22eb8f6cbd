// `toolscope check --evals` as CI runs it: the demo server over stdio, two scripted models that
// behave differently (test/scripted-model-server.ts) reached through OPENAI_BASE_URL, the suite's
// pass rates per model in the summary, the JSON and the JUnit XML, and the exit code decided by
// --min-pass-rate. The numbers are the ones lib/evals gives the page: the same runner, the same sums.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CLI } from "@/test/demo-client";
import { programArgs } from "@/test/programs";
import { CHECK_LIMIT_MS, checkCli } from "@/test/check-cli";
import { callsTool, startScriptedModelServer, type ScriptedModelServer } from "@/test/scripted-model-server";
import type { CheckEvals } from "./check-evals";
import { parseCheckOptions, UsageError } from "./check-options";
import { suiteFor } from "./check-evals";
import { EvalSuiteSchema } from "@/lib/domain/eval-suite-file";

const KEY = "sk-check-evals-44aa";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-check-evals-"));
const DEMO = [process.execPath, ...programArgs(DEMO_CLI), "stdio"];
let models: ScriptedModelServer;

const SUITE = {
  format: "toolscope-eval-suite",
  version: 1,
  name: "Weather",
  servers: ["demo"],
  cases: [
    {
      name: "Porto",
      prompt: "Porto",
      expect: [
        { kind: "called", tool: "get_weather", server: "demo", arguments: { city: "Porto" } },
        { kind: "result", tool: "get_weather", checks: [{ kind: "contains", path: "$.content[0].text", value: "Porto" }] },
      ],
    },
    { name: "Deletes nothing", prompt: "Lisbon", expect: [{ kind: "not_called", tool: "delete_note" }] },
  ],
};

beforeAll(async () => {
  models = await startScriptedModelServer({
    apiKey: KEY,
    models: { "careful-bot": callsTool("__get_weather", "city"), "lazy-bot": () => ({ text: "It is sunny." }) },
  });
  fs.writeFileSync(path.join(work, "suite.json"), JSON.stringify(SUITE));
});

afterAll(async () => {
  await models.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const check = (args: string[]) =>
  checkCli(args, work, { ...process.env, OPENAI_API_KEY: KEY, OPENAI_BASE_URL: models.baseUrl, TOOLSCOPE_EVAL_CONCURRENCY: "2" });

describe("toolscope check --evals", () => {
  it(
    "runs the suite on each model, says each pass rate, writes JUnit, and fails a model under --min-pass-rate",
    async () => {
      const junit = path.join(work, "evals.xml");
      const evals = ["--evals", "suite.json", "--model", "openai/careful-bot", "--model", "openai/lazy-bot", "--runs", "2"];
      const strict = await check([...evals, "--min-pass-rate", "80%", "--junit", junit, "--", ...DEMO]);
      expect(strict.stderr).toBe("");
      expect(strict.code).toBe(1);
      expect(strict.stdout).toContain("Evals “Weather”: 2 cases × 2 models × 2 runs · each model must pass 80 %");
      expect(strict.stdout).toMatch(/✔ openai\/careful-bot {2}100 % \(4\/4\) · [\d,]+ → [\d,]+ tokens · cost unknown/);
      expect(strict.stdout).toMatch(/✖ openai\/lazy-bot {2}50 % \(2\/4\)/);
      expect(strict.stdout).toContain("✖ Porto: 0 of 2 passed — Not called: no tool was called");
      expect(strict.stdout).toContain("FAILED: openai/lazy-bot passed 50 % of its eval attempts, under --min-pass-rate 80 %.");
      expect(strict.stdout).not.toContain(KEY);

      const xml = new XMLParser({ ignoreAttributes: false }).parse(fs.readFileSync(junit, "utf8")) as {
        testsuites: { testsuite: { "@_name": string; testcase: { "@_name": string; failure?: { "@_message": string } }[] }[] };
      };
      const lazy = xml.testsuites.testsuite.find((suite) => suite["@_name"] === "Evals · openai/lazy-bot")!;
      expect(lazy.testcase.map((test) => [test["@_name"], test.failure?.["@_message"] ?? null])).toEqual([
        ["Porto", "0 of 2 attempts passed, under 80 %"],
        ["Deletes nothing", null],
      ]);
      const careful = xml.testsuites.testsuite.find((suite) => suite["@_name"] === "Evals · openai/careful-bot")!;
      expect(careful.testcase.every((test) => test.failure === undefined)).toBe(true);

      const lenient = await check([...evals, "--min-pass-rate", "0.5", "--json", "--", ...DEMO]);
      expect(lenient.code).toBe(0);
      const answer = JSON.parse(lenient.stdout) as { evals: CheckEvals };
      expect(answer.evals.summary.byModel["openai/careful-bot"]).toMatchObject({ passed: 4, total: 4 });
      expect(answer.evals.summary.byModel["openai/lazy-bot"]).toMatchObject({ passed: 2, total: 4 });
      // The model was offered the server under test's tools under its id here, and the calls went through.
      expect(answer.evals.attempts.find((a) => a.model === "openai/careful-bot")!.calls[0]).toMatchObject({
        tool: "get_weather",
        outcome: "ok",
      });
    },
    CHECK_LIMIT_MS,
  );

  it(
    "says why a suite or a model cannot be run",
    async () => {
      const unknown = await check(["--evals", "suite.json", "--model", "openai/nobody", "--", ...DEMO]);
      expect(unknown.code).toBe(1);
      expect(unknown.stdout).toContain('Evals not run: "openai/nobody" is not among the models the providers list.');
      fs.writeFileSync(path.join(work, "broken.json"), JSON.stringify({ ...SUITE, cases: [] }));
      const broken = await check(["--evals", "broken.json", "--model", "openai/careful-bot", "--", ...DEMO]);
      expect(broken.stdout).toContain("Evals not run: This is not an eval suite Toolscope reads: cases: A suite needs at least one case");
    },
    CHECK_LIMIT_MS,
  );
});

describe("its options", () => {
  it("needs a model with --evals, and refuses a rate or a count out of range", () => {
    expect(
      parseCheckOptions(["--evals", "s.json", "--model", "openai/a", "--runs", "3", "--min-pass-rate", "75%", "https://x.example"])?.evals,
    ).toEqual({
      file: "s.json",
      models: ["openai/a"],
      runs: 3,
      minPassRate: 0.75,
    });
    for (const bad of [
      ["--evals", "s.json", "https://x.example"],
      ["--model", "openai/a", "https://x.example"],
      ["--evals", "s.json", "--model", "openai/a", "--runs", "0", "https://x.example"],
      ["--evals", "s.json", "--model", "openai/a", "--min-pass-rate", "120%", "https://x.example"],
      ["--evals", "s.json", "--model", "openai/a", "--model", "openai/a", "https://x.example"],
    ])
      expect(() => parseCheckOptions(bad, {})).toThrow(UsageError);
  });

  it("takes every server the suite names as the one under test, or asks which one", () => {
    const two = EvalSuiteSchema.parse({
      ...SUITE,
      servers: undefined,
      cases: [
        { ...SUITE.cases[0], servers: ["a"] },
        { ...SUITE.cases[1], servers: ["b"] },
      ],
    });
    expect(() => suiteFor(two, "checked", null)).toThrow("The suite names a, b; check them one at a time");
    const forB = suiteFor(two, "checked", "b");
    expect(forB.cases.map((c) => [c.name, c.servers])).toEqual([["Deletes nothing", ["checked"]]]);
    const one = suiteFor(EvalSuiteSchema.parse(SUITE), "checked", null);
    expect(one.servers).toEqual(["checked"]);
    expect(one.cases[0]!.expect[0]).toMatchObject({ server: "checked" });
    // A tool named as the model sees it follows the server's new id.
    expect(one.cases[0]!.expect[1]).toMatchObject({ tool: "get_weather" });
    const byModelName = suiteFor(
      EvalSuiteSchema.parse({ ...SUITE, cases: [{ ...SUITE.cases[0], expect: [{ kind: "called", tool: "demo__get_weather" }] }] }),
      "checked",
      null,
    );
    expect(byModelName.cases[0]!.expect[0]).toMatchObject({ tool: "checked__get_weather" });
  });
});
