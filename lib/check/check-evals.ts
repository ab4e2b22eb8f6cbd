import "server-only";
// `toolscope check --evals`: the suite file's cases meant for the server under test, run on each
// model through the same pipeline as in Toolscope (lib/evals), and judged per model against
// --min-pass-rate. The suite names servers by their id in Toolscope; here they all mean the one
// server under test, renamed to its id, as a collection file's calls are.
import fs from "node:fs";
import type { Caller } from "@/lib/domain/roles";
import { AppError } from "@/lib/errors";
import { parseSuite } from "@/lib/evals/eval-store";
import { passRate, percent, summarize, type EvalAttempt, type RunSummary } from "@/lib/domain/eval-run-shapes";
import { runSuite } from "@/lib/evals/run-suite";
import type { EvalSuite, Expectation } from "@/lib/domain/eval-suite-file";
import type { CheckOptions } from "./check-options";

export type CheckEvals = {
  suite: string;
  models: string[];
  runs: number;
  minPassRate: number;
  attempts: EvalAttempt[];
  summary: RunSummary;
  /** The models under the threshold, each with its rate. */
  below: { model: string; rate: number | null }[];
};

/** An expectation about the suite's server made about the server under test: its `server`, and a tool named `{server}__{tool}`. */
function renamed(e: Expectation, from: string | null, to: string): Expectation {
  if (!("tool" in e)) return e;
  const tool = from !== null && e.tool.startsWith(`${from}__`) ? `${to}__${e.tool.slice(from.length + 2)}` : e.tool;
  return { ...e, tool, ...(e.server === undefined ? {} : { server: to }) };
}

/** The suite with every server it names taken as the server under test; cases for another server of a config are left out. */
export function suiteFor(suite: EvalSuite, serverId: string, configServer: string | null): EvalSuite {
  const named = new Set([...(suite.servers ?? []), ...suite.cases.flatMap((c) => c.servers ?? [])]);
  if (suite.virtualServer || suite.cases.some((c) => c.virtualServer))
    throw new AppError(
      "bad_request:eval_suite",
      "toolscope check runs a suite against one server: a case of a virtual server cannot be checked.",
    );
  const wanted = configServer ?? (named.size <= 1 ? ([...named][0] ?? null) : null);
  if (named.size > 1 && wanted === null)
    throw new AppError(
      "bad_request:eval_suite",
      `The suite names ${[...named].join(", ")}; check them one at a time with --config and --server.`,
    );
  const mine = (servers: string[] | undefined) => servers === undefined || wanted === null || servers.includes(wanted);
  const cases = suite.cases
    .filter((c) => mine(c.servers ?? suite.servers))
    .map((c) => ({
      ...c,
      ...(c.servers ? { servers: [serverId] } : {}),
      expect: c.expect.map((e) => renamed(e, wanted, serverId)),
    }));
  if (cases.length === 0) throw new AppError("bad_request:eval_suite", `No case of the suite is for ${wanted}.`);
  return { ...suite, servers: [serverId], cases };
}

export async function checkEvals(
  options: NonNullable<CheckOptions["evals"]>,
  serverId: string,
  configServer: string | null,
  caller: Caller,
): Promise<CheckEvals> {
  let document: unknown;
  try {
    document = JSON.parse(fs.readFileSync(options.file, "utf8"));
  } catch (error) {
    throw new AppError(
      "bad_request:eval_suite",
      `Could not read ${options.file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const suite = suiteFor(parseSuite(document), serverId, configServer);
  const attempts = await runSuite({
    suite,
    models: options.models,
    repeat: options.runs,
    caller,
    signal: new AbortController().signal,
    unattended: true,
  });
  const summary = summarize(attempts);
  const below = options.models
    .map((model) => ({ model, rate: passRate(summary.byModel[model]) }))
    .filter(({ rate }) => rate === null || rate < options.minPassRate);
  return { suite: suite.name, models: options.models, runs: options.runs, minPassRate: options.minPassRate, attempts, summary, below };
}

/** Why the evals fail the check, in words; empty when every model reaches the threshold. */
export function evalFailures(evals: CheckEvals): string[] {
  return evals.below.map(
    ({ model, rate }) => `${model} passed ${percent(rate)} of its eval attempts, under --min-pass-rate ${percent(evals.minPassRate)}.`,
  );
}
