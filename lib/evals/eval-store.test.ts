// Suites and runs as kept in the database: a file refused with every reason, saved, exported as it
// reads back; a run started in the background, followed until it ends, listed in the suite's
// history and compared with an earlier one; a run stopped half-way; someone who may not call tools
// may not run one.
import { describe, expect, it, vi } from "vitest";
import { localCaller } from "@/lib/auth/identify";
import type { Caller } from "@/lib/domain/roles";
import { playgroundHarness } from "@/test/playground-harness";
import { callsTool, textOf, type ModelScript } from "@/test/scripted-model-server";
import { exportSuite, getRun, listRuns, listSuites, parseSuite, removeSuite, saveSuite, startRun, stopRun } from "./eval-store";
import { diffRuns } from "./run-diff";
import type { EvalRun } from "@/lib/domain/eval-run-shapes";

let lazyToday = true;
/** Lazy until told otherwise: a model that changed between two runs. */
const changing: ModelScript = (request) => (lazyToday ? { text: "It is sunny." } : callsTool("__get_weather", "city")(request));
const slow: ModelScript = (request) =>
  request.messages.at(-1)?.role === "tool"
    ? { text: textOf(request.messages.at(-1)) }
    : { toolCalls: [{ name: "demo__slow_task", arguments: { steps: 600, stepMs: 100 } }] };

playgroundHarness("sk-eval-store-0b9", { "careful-bot": callsTool("__get_weather", "city"), "changing-bot": changing, "slow-bot": slow });
const person: Caller = localCaller("127.0.0.1").caller;

const FILE = {
  format: "toolscope-eval-suite",
  version: 1,
  name: "Weather",
  description: "Does the model look the weather up?",
  servers: ["demo"],
  cases: [
    { name: "Porto", prompt: "Porto", expect: [{ kind: "called", tool: "get_weather", arguments: { city: "Porto" } }] },
    { name: "Oslo", prompt: "Oslo", expect: [{ kind: "answer_matches", pattern: "oslo", flags: "i" }] },
  ],
};

async function ended(id: string): Promise<EvalRun> {
  return vi.waitFor(
    async () => {
      const run = await getRun(id);
      if (run.status === "running") throw new Error(`still running: ${run.attempts.length} attempts`);
      return run;
    },
    { timeout: 60_000, interval: 50 },
  );
}

describe("eval suites", () => {
  it("refuses a file that is not a suite, saying each reason, and a pattern RE2 cannot read", () => {
    expect(() => parseSuite({ ...FILE, format: "toolscope-collection", cases: [] })).toThrow(
      /format: "toolscope-eval-suite".*cases: A suite needs at least one case/,
    );
    expect(() => parseSuite({ ...FILE, version: 2 })).toThrow("newer version than this Toolscope reads");
    expect(() =>
      parseSuite({ ...FILE, cases: [{ name: "x", prompt: "x", expect: [{ kind: "answer_matches", pattern: "(a)\\1" }] }] }),
    ).toThrow(/cases\.0 \(“x”\): the pattern .* is not RE2/);
    expect(() => parseSuite({ ...FILE, cases: [FILE.cases[0], FILE.cases[0]] })).toThrow("two cases are named “Porto”");
  });

  it("saves a suite, exports it as it reads back, and removes it with its runs", async () => {
    const saved = await saveSuite(FILE, person);
    const file = await exportSuite(saved.id);
    expect(file).toMatchObject({ ...FILE, exportedAt: expect.any(String) });
    const again = await saveSuite(file, person);
    expect((await exportSuite(again.id)).cases).toEqual(file.cases);
    expect((await listSuites()).map((s) => s.name)).toContain("Weather");
    await removeSuite(again.id, person);
    await expect(exportSuite(again.id)).rejects.toThrow("There is no such eval suite.");
  });

  it("runs in the background, keeps a history, and tells what changed between two runs", async () => {
    const { id } = await saveSuite(FILE, person);
    lazyToday = true;
    const first = await ended((await startRun(id, { models: ["openai/careful-bot", "openai/changing-bot"], repeat: 2 }, person)).id);
    expect(first.status).toBe("finished");
    expect(first.attempts).toHaveLength(8);
    lazyToday = false;
    const second = await ended((await startRun(id, { models: ["openai/careful-bot", "openai/changing-bot"], repeat: 2 }, person)).id);

    const history = await listRuns(id);
    expect(history.map((run) => run.id)).toEqual([second.id, first.id]);
    expect(history[1]!.summary.byModel["openai/changing-bot"]).toMatchObject({ passed: 0, total: 4 });
    expect(history[0]!.summary.byModel["openai/changing-bot"]).toMatchObject({ passed: 4, total: 4 });
    expect(history[0]).toMatchObject({ attempted: 8, planned: 8 });
    // The list of suites shows each one's newest run, and none for a suite never run.
    const unrun = await saveSuite({ ...FILE, name: "Weather, never run" }, person);
    const listed = new Map((await listSuites()).map((suite) => [suite.id, suite]));
    expect(listed.get(id)?.lastRun?.id).toBe(second.id);
    expect(listed.get(unrun.id)?.lastRun).toBeNull();

    const diff = diffRuns(first.attempts, second.attempts);
    expect(diff.byModel).toEqual([
      { model: "openai/careful-bot", before: 1, after: 1 },
      { model: "openai/changing-bot", before: 0, after: 1 },
    ]);
    expect(diff.cells.filter((cell) => cell.changed)).toEqual([
      expect.objectContaining({
        case: "Porto",
        model: "openai/changing-bot",
        before: 0,
        after: 1,
        fixed: ['Calls get_weather with {"city":"Porto"}'],
      }),
      expect.objectContaining({ case: "Oslo", model: "openai/changing-bot", before: 0, after: 1, fixed: ["The answer matches /oslo/i"] }),
    ]);
  });

  it("stops a run half-way, keeping only what ended, and lets only someone who calls tools start one", async () => {
    const { id } = await saveSuite(FILE, person);
    const started = await startRun(id, { models: ["openai/slow-bot"], repeat: 1 }, person);
    await stopRun(started.id, person);
    const run = await ended(started.id);
    expect(run.status).toBe("stopped");
    expect(run.attempts.every((a) => a.error === null)).toBe(true);

    const viewer: Caller = { ...person, role: "viewer" };
    await expect(startRun(id, { models: ["openai/careful-bot"], repeat: 1 }, viewer)).rejects.toThrow("may change or run eval suites");
    await expect(startRun(id, { models: ["openai/nobody"], repeat: 1 }, person)).rejects.toThrow("not among the models");
  });
});
