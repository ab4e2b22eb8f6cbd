import "server-only";
// The model judge (issue 50): a language model an admin chose reads tool definitions against a
// fixed rubric (judge-rubric.ts) and answers a verdict with a quote and a reason, which is a
// finding on the report card (safety/model-judgement) and holds a new definition for approval as
// the text scan's failures do (lib/pins/reconcile.ts). Each definition is judged once per model
// and rubric version: verdicts are kept in the database by their key, and a definition asked
// about while it is being judged waits for that answer rather than asking again. At most
// CONCURRENCY questions are out at once in a process, each within JUDGE_TIMEOUT_MS. A model that
// fails (an error, a timeout, an answer that is no verdict) never fails the caller: the definition
// reads as "could not answer", the text scan stands, and it is asked again after RETRY_AFTER_MS.
import { generateText, Output, type LanguageModel } from "ai";
import type { Tool } from "../domain/mcp-types";
import { JUDGE_THRESHOLD, type JudgeSummary } from "../domain/model-judge";
import type { Finding } from "../domain/report-card";
import { languageModel, SERVER_SETTING, withoutKeys } from "@/lib/models/providers";
import { processWide } from "@/lib/process-wide";
import { JUDGE_MAX_DEFINITION_CHARS, JUDGE_RUBRIC, JUDGE_RUBRIC_VERSION, judgePrompt } from "./judge-rubric";
import { judgeModelRef } from "./judge-setting";
import { keepVerdict, storedVerdicts } from "./judge-store";
import {
  isFlagged,
  judgedJson,
  judgementMessage,
  normalizedVerdict,
  verdictFinding,
  verdictKey,
  VerdictSchema,
  type JudgeVerdict,
} from "./judge-verdict";

/** How long one definition may take; past it the judge "could not answer" and the text scan stands. */
export const JUDGE_TIMEOUT_MS = 60_000;
/** Questions out at once per process: a new server of 500 tools should not open 500 requests to a provider. */
const CONCURRENCY = 4;
/** A definition the model could not answer for is asked again after this long, not at every listing. */
const RETRY_AFTER_MS = 5 * 60_000;
/** How long a report card waits for verdicts not yet in hand: the rest are "waiting", and the next card has them. */
const REPORT_WAIT_MS = 10_000;
/** Definitions hashed per turn of the event loop, as the report's own scan slices its work. */
const SLICE = 250;

/** The model that judges: its name (part of each verdict's key) and the AI SDK model, made when first needed. */
export type Judge = { modelId: string; model: () => Promise<LanguageModel> };

/** What the judge made of one definition. */
export type Judgement = { state: "judged"; verdict: JudgeVerdict } | { state: "failed"; message: string } | { state: "waiting" };

type Asked = { tool: Tool; json: string; key: string };

const state = processWide("model-judge", () => ({
  asking: new Map<string, Promise<Judgement>>(),
  failures: new Map<string, { at: number; message: string }>(),
  active: 0,
  /** Questions waiting for a slot, by key: a definition a listing waits on goes before a report card's backlog. */
  queue: [] as { key: string; start: () => void }[],
}));

/** The judge the admin chose, or null: none is set, and everything behaves as without one. */
export async function currentJudge(): Promise<Judge | null> {
  const modelId = await judgeModelRef();
  return modelId ? { modelId, model: () => languageModel(modelId, SERVER_SETTING) } : null;
}

async function inSlot<T>(key: string, urgent: boolean, work: () => Promise<T>): Promise<T> {
  if (state.active >= CONCURRENCY)
    await new Promise<void>((start) => (urgent ? state.queue.unshift({ key, start }) : state.queue.push({ key, start })));
  state.active++;
  try {
    return await work();
  } finally {
    state.active--;
    state.queue.shift()?.start();
  }
}

/** A question already waiting for a slot that a listing now waits on too: to the front. */
function hurry(key: string): void {
  const at = state.queue.findIndex((waiting) => waiting.key === key);
  if (at > 0) state.queue.unshift(...state.queue.splice(at, 1));
}

async function ask(judge: Judge, json: string): Promise<JudgeVerdict> {
  // Too long to send is held, not waved through: padding a definition must not be a way past the judge.
  if (json.length > JUDGE_MAX_DEFINITION_CHARS)
    return normalizedVerdict({
      verdict: "poisoned",
      score: 1,
      span: "",
      path: "",
      reason: `Not sent: ${json.length.toLocaleString("en")} characters of JSON, over the ${JUDGE_MAX_DEFINITION_CHARS.toLocaleString("en")} the judge reads; held for a person to read.`,
    });
  const timeout = AbortSignal.timeout(JUDGE_TIMEOUT_MS);
  try {
    const { output } = await generateText({
      model: await judge.model(),
      system: JUDGE_RUBRIC,
      prompt: judgePrompt(json),
      output: Output.object({ schema: VerdictSchema, name: "verdict", description: "The verdict on the tool definition, by the rubric." }),
      temperature: 0,
      maxRetries: 1,
      abortSignal: timeout,
    });
    return normalizedVerdict(output);
  } catch (error) {
    if (timeout.aborted) throw new Error(`the model did not answer within ${JUDGE_TIMEOUT_MS / 1000} s.`, { cause: error });
    throw error;
  }
}

function recentFailure(key: string): string | null {
  const failure = state.failures.get(key);
  if (!failure) return null;
  if (Date.now() - failure.at < RETRY_AFTER_MS) return failure.message;
  state.failures.delete(key);
  return null;
}

function rememberFailure(key: string, message: string): void {
  state.failures.delete(key);
  state.failures.set(key, { at: Date.now(), message });
  // The oldest first, by insertion order: a bound, not a cache to keep.
  if (state.failures.size > 10_000) state.failures.delete(state.failures.keys().next().value!);
}

/** The question about one definition: the one already out for its key, or a new one. */
function asking(judge: Judge, { tool, json, key }: Asked, urgent: boolean): Promise<Judgement> {
  const out = state.asking.get(key);
  if (out) {
    if (urgent) hurry(key);
    return out;
  }
  const answered = inSlot(key, urgent, () => ask(judge, json)).then(
    async (verdict): Promise<Judgement> => {
      // Unkept, the verdict still counts now; it is asked again next time.
      await keepVerdict(key, judge.modelId, verdict).catch((error: unknown) =>
        console.error(`[toolscope] could not keep the model judge's verdict on ${tool.name}:`, error),
      );
      return { state: "judged", verdict };
    },
    (error: unknown): Judgement => {
      // The SDK's error may quote the provider's answer whole: every key masked, and short.
      const message = withoutKeys(error).replace(/\s+/g, " ").slice(0, 300);
      console.error(`[toolscope] the model judge (${judge.modelId}) could not answer for ${tool.name}: ${message}`);
      rememberFailure(key, message);
      return { state: "failed", message };
    },
  );
  state.asking.set(key, answered);
  void answered.finally(() => state.asking.delete(key));
  return answered;
}

async function keyed(judge: Judge, tools: readonly Tool[]): Promise<Asked[]> {
  const out: Asked[] = [];
  for (const [i, tool] of tools.entries()) {
    if (i > 0 && i % SLICE === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const json = judgedJson(tool);
    out.push({ tool, json, key: verdictKey(json, judge.modelId) });
  }
  return out;
}

/**
 * The judge's verdict on each tool: kept ones at once, the others asked for. With `waitMs`, what
 * has not come by then is "waiting" (and still comes, for the next to ask); without, every
 * question is waited for (each is bounded by JUDGE_TIMEOUT_MS once it is sent). `urgent`: a
 * definition held until its verdict comes, asked before a report card's backlog. `ask: false`
 * reads kept verdicts only.
 */
export async function judgeTools(
  judge: Judge,
  tools: readonly Tool[],
  { waitMs, ask: askMissing = true, urgent = false }: { waitMs?: number; ask?: boolean; urgent?: boolean } = {},
): Promise<Map<Tool, Judgement>> {
  const all = await keyed(judge, tools);
  const stored = await storedVerdicts(all.map((a) => a.key));
  const settled = new Map<Tool, Judgement>();
  const questions: Promise<void>[] = [];
  for (const one of all) {
    const verdict = stored.get(one.key);
    const failed = verdict ? null : recentFailure(one.key);
    if (verdict) settled.set(one.tool, { state: "judged", verdict });
    else if (failed !== null) settled.set(one.tool, { state: "failed", message: failed });
    else if (askMissing) questions.push(asking(judge, one, urgent).then((judgement) => void settled.set(one.tool, judgement)));
  }
  if (waitMs === undefined) await Promise.all(questions);
  else if (questions.length > 0) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(questions), new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  }
  // A copy: answers that come later must not change what the caller was given.
  return new Map(tools.map((tool) => [tool, settled.get(tool) ?? { state: "waiting" }]));
}

/** Whether the judgement holds the definition: poisoned, at the threshold or above. */
export function judgedPoisoned(judgement: Judgement | undefined): boolean {
  return judgement?.state === "judged" && isFlagged(judgement.verdict);
}

/** The judgement in words for the definitions waiting for approval (the pins view and the audit log), when it flags the tool. */
export function judgementFlags(judge: Judge, judgement: Judgement | undefined): string[] {
  return judgement?.state === "judged" && isFlagged(judgement.verdict) ? [judgementMessage(judgement.verdict, judge.modelId)] : [];
}

const MAX_FAILURES_LISTED = 20;

/** The report card's part: the judge's findings on the listed tools, and what it made of them; null without a judge. */
export async function judgeReport(
  tools: readonly Tool[],
  judge: Judge | null,
): Promise<{ findings: Finding[]; summary: JudgeSummary } | null> {
  if (!judge) return null;
  const judgements = await judgeTools(judge, tools, { waitMs: REPORT_WAIT_MS });
  const findings: Finding[] = [];
  const summary: JudgeSummary = {
    model: judge.modelId,
    rubricVersion: JUDGE_RUBRIC_VERSION,
    threshold: JUDGE_THRESHOLD,
    judged: 0,
    flagged: 0,
    waiting: 0,
    failed: 0,
    failures: [],
  };
  for (const [tool, judgement] of judgements) {
    if (judgement.state === "waiting") summary.waiting++;
    else if (judgement.state === "failed") {
      if (summary.failed++ < MAX_FAILURES_LISTED) summary.failures.push({ tool: tool.name, message: judgement.message });
    } else {
      summary.judged++;
      const finding = verdictFinding(tool, judgement.verdict, judge.modelId);
      if (finding) {
        summary.flagged++;
        findings.push(finding);
      }
    }
  }
  return { findings, summary };
}
