// An eval run as the API and the CLI speak it: each attempt of a case by a model, graded, and the
// figures per model and per case. Client-safe (types and pure sums).
import type { Expectation } from "@/lib/domain/eval-suite-file";

export type EvalToolCall = {
  /** The name the model called. */
  name: string;
  /** The server and tool it resolved to; absent for a name no tool has. */
  server?: string | undefined;
  tool?: string | undefined;
  arguments: unknown;
  /** ok, tool_error, protocol_error, forbidden, denied…: what became of the call. */
  outcome: string;
  /** The result's text as the model read it, shortened. */
  text: string;
  auditId?: string | undefined;
  durationMs: number;
};

export type ExpectationResult = { expectation: Expectation; passed: boolean; message: string };

export type EvalAttempt = {
  case: string;
  model: string;
  /** 1-based: the first, second… time this case ran on this model. */
  attempt: number;
  passed: boolean;
  expectations: ExpectationResult[];
  calls: EvalToolCall[];
  /** The model's final words, shortened. */
  answer: string;
  steps: number;
  inputTokens: number;
  outputTokens: number;
  /** USD, estimated from list prices; null when the model's price is not known. */
  costUsd: number | null;
  durationMs: number;
  /** Why the attempt could not finish (the model failed, the run was stopped); it then fails. */
  error: string | null;
};

const HIDDEN = "Hidden: reading what calls sent and answered needs the audit:payloads permission.";

/**
 * A run as someone who may not read calls' payloads sees it (a viewer, as in the audit log): what
 * passed and what did not, the figures, and no arguments, results, answers or findings quoting them.
 */
export function withoutPayloads(attempts: readonly EvalAttempt[]): EvalAttempt[] {
  return attempts.map((attempt) => ({
    ...attempt,
    answer: "",
    expectations: attempt.expectations.map((e) => ({ ...e, message: HIDDEN })),
    calls: attempt.calls.map((call) => ({ ...call, arguments: null, text: "" })),
    ...(attempt.error ? { error: HIDDEN } : {}),
  }));
}

export type Figures = {
  passed: number;
  total: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number | null;
  durationMs: number;
};

export type RunStatus = "running" | "finished" | "stopped" | "failed" | "interrupted";

export type EvalRun = {
  id: string;
  suiteId: string;
  suiteName: string;
  status: RunStatus;
  /** Why a run failed before its attempts (a model unknown, no tools); null otherwise. */
  error: string | null;
  models: string[];
  repeat: number;
  cases: string[];
  startedAt: string;
  finishedAt: string | null;
  startedBy: string;
  attempts: EvalAttempt[];
  /** The attempts were stripped of payloads for this reader (withoutPayloads). */
  payloadsHidden?: boolean;
};

export type RunSummary = {
  byModel: Record<string, Figures>;
  /** byCase[case][model] */
  byCase: Record<string, Record<string, Figures>>;
  all: Figures;
};

export type SuiteListing = {
  id: string;
  name: string;
  description: string;
  cases: number;
  updatedAt: string;
  updatedBy: string | null;
  lastRun: RunListing | null;
};
/** A run without its attempts' detail: what a history lists. */
export type RunListing = Omit<EvalRun, "attempts"> & { summary: RunSummary; attempted: number; planned: number };

function empty(): Figures {
  return { passed: 0, total: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, durationMs: 0 };
}

function add(figures: Figures, attempt: EvalAttempt): void {
  figures.total++;
  if (attempt.passed) figures.passed++;
  figures.inputTokens += attempt.inputTokens;
  figures.outputTokens += attempt.outputTokens;
  // One attempt of an unknown price makes the sum unknown: a partial sum would read as the whole.
  figures.costUsd = figures.costUsd === null || attempt.costUsd === null ? null : figures.costUsd + attempt.costUsd;
  figures.durationMs += attempt.durationMs;
}

export function summarize(attempts: readonly EvalAttempt[]): RunSummary {
  const summary: RunSummary = { byModel: {}, byCase: {}, all: empty() };
  for (const attempt of attempts) {
    add((summary.byModel[attempt.model] ??= empty()), attempt);
    add(((summary.byCase[attempt.case] ??= {})[attempt.model] ??= empty()), attempt);
    add(summary.all, attempt);
  }
  return summary;
}

/** 0–1; null when nothing ran. */
export function passRate(figures: Figures | undefined): number | null {
  return figures && figures.total > 0 ? figures.passed / figures.total : null;
}

export function percent(rate: number | null): string {
  return rate === null ? "—" : `${Math.round(rate * 100)} %`;
}
