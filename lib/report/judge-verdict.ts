// The model judge's verdict on one tool definition, and the finding it makes: what is sent (the
// definition as canonical JSON), the key a verdict is kept under, the shape the model must answer
// in, and where its quote sits in the definition. A quote that occurs nowhere in it is dropped
// (the reason stays): a model may paraphrase, and a span that is not there would point a reviewer
// at text the tool never had. Pure, with no server-only import, so that bench/poisoning.ts can
// replay recorded verdicts through verdictFinding() exactly as the report card makes findings.
import { createHash } from "node:crypto";
import { z } from "zod";
import { canonicalJson } from "../domain/canonical-json";
import type { Tool } from "../domain/mcp-types";
import { JUDGE_THRESHOLD } from "../domain/model-judge";
import type { Finding, FindingSpan } from "../domain/report-card";
import { JUDGE_RUBRIC_VERSION } from "./judge-rubric";
import { found } from "./rules";

/** Everything of a tool a model reads, _meta included (clients may show it to the model; poisoning hides there too). */
export const JUDGED_FIELDS = ["name", "title", "description", "inputSchema", "outputSchema", "annotations", "_meta"] as const;

export function judgedDefinition(tool: Tool): Record<string, unknown> {
  const definition: Record<string, unknown> = {};
  for (const field of JUDGED_FIELDS) {
    const value = (tool as Record<string, unknown>)[field];
    if (value !== undefined) definition[field] = value;
  }
  return definition;
}

/** What the model is sent, and what is hashed: one spelling per definition. */
export function judgedJson(tool: Tool): string {
  return canonicalJson(judgedDefinition(tool));
}

/** A verdict's key: the same definition judged by the same model under the same rubric is never asked again. */
export function verdictKey(definitionJson: string, model: string): string {
  return createHash("sha256").update(`${definitionJson}\n${JUDGE_RUBRIC_VERSION}\n${model}`).digest("hex");
}

/** What the model must answer (the AI SDK's structured output). Bounds are applied after, not refused: a model's 1.2 is a 1. */
export const VerdictSchema = z.object({
  verdict: z.enum(["poisoned", "benign"]).describe("poisoned or benign, by the rubric"),
  score: z.number().describe("0 to 1: how sure you are that the definition is poisoned"),
  span: z.string().describe("the shortest exact quote from the definition that shows the poisoning; empty when benign"),
  path: z.string().describe("where the quote is, such as inputSchema.properties.account.description; empty if unknown"),
  reason: z.string().describe("one line: what the text makes the assistant do, and the harm"),
});
export type JudgeVerdict = z.infer<typeof VerdictSchema>;

/** The verdict as kept: score within 0..1, one short line of reason, bounded quote and path. */
export function normalizedVerdict(raw: JudgeVerdict): JudgeVerdict {
  const line = (text: string, max: number) => text.replace(/\s+/g, " ").trim().slice(0, max);
  return {
    verdict: raw.verdict,
    score: Number.isFinite(raw.score) ? Math.min(1, Math.max(0, raw.score)) : 0,
    span: raw.span.slice(0, 1_000),
    path: line(raw.path, 300),
    reason: line(raw.reason, 400),
  };
}

/** Whether the verdict holds the definition and is a finding. */
export function isFlagged(verdict: JudgeVerdict): boolean {
  return verdict.verdict === "poisoned" && verdict.score >= JUDGE_THRESHOLD;
}

type Text = { path: string; text: string };

const MAX_DEPTH = 24;
const MAX_TEXTS = 4_000;

/** Every string in the definition with its path (arrays as [i]), object keys after values: a property name may be the quote. */
function textsOf(definition: Record<string, unknown>): Text[] {
  const values: Text[] = [];
  const keys: Text[] = [];
  const visit = (value: unknown, path: string, depth: number): void => {
    if (depth > MAX_DEPTH || values.length + keys.length >= MAX_TEXTS) return;
    if (typeof value === "string") values.push({ path, text: value });
    else if (Array.isArray(value)) value.forEach((item, i) => visit(item, `${path}[${i}]`, depth + 1));
    else if (value && typeof value === "object")
      for (const [key, item] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        if (depth > 0) keys.push({ path: at, text: key });
        visit(item, at, depth + 1);
      }
  };
  visit(definition, "", 0);
  return [...values, ...keys];
}

/** A quote as the model may have copied it from the JSON it was sent: with its escapes (\" \n) undone. */
function unescaped(span: string): string | null {
  try {
    const text: unknown = JSON.parse(`"${span}"`);
    return typeof text === "string" && text !== span ? text : null;
  } catch {
    return null;
  }
}

/** Where the quote is: the text at the model's path first, then any text of the definition; null when it is nowhere. */
export function locateSpan(tool: Tool, quote: string, path: string): { field: string; span: FindingSpan } | null {
  if (!quote.trim()) return null;
  const texts = textsOf(judgedDefinition(tool));
  const quotes = [quote, unescaped(quote)].filter((q): q is string => Boolean(q));
  const ordered = [...texts.filter((t) => t.path === path), ...texts.filter((t) => t.path !== path)];
  for (const q of quotes)
    for (const text of ordered) {
      const start = text.text.indexOf(q);
      if (start >= 0) return { field: text.path, span: { start, end: start + q.length, text: text.text } };
    }
  return null;
}

/** The model's path, kept only when it names a text of the definition (a made-up path would mislead as a made-up span would). */
function knownPath(tool: Tool, path: string): string | null {
  if (!path) return null;
  return textsOf(judgedDefinition(tool)).some((t) => t.path === path || t.path.startsWith(`${path}.`) || t.path.startsWith(`${path}[`))
    ? path
    : null;
}

/** The verdict in words, as the finding and the definitions waiting for approval say it. */
export function judgementMessage(verdict: JudgeVerdict, model: string): string {
  return `Judged poisoned by ${model} (score ${verdict.score.toFixed(2)}): ${verdict.reason || "no reason given."}`;
}

/**
 * The finding a verdict makes on a tool, or null when it does not flag it. Pure: the report card
 * uses it on verdicts as they come, the bench on verdicts recorded earlier.
 */
export function verdictFinding(tool: Tool, verdict: JudgeVerdict, model: string): Finding | null {
  const kept = normalizedVerdict(verdict);
  if (!isFlagged(kept)) return null;
  const located = locateSpan(tool, kept.span, kept.path);
  const message = judgementMessage(kept, model);
  if (located) return found("safety/model-judgement", { tool: tool.name, field: located.field, span: located.span }, message);
  return found("safety/model-judgement", { tool: tool.name, field: knownPath(tool, kept.path) }, message);
}
