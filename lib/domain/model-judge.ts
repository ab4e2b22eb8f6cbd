// The model judge (issue 50) as the API answers it and the pages show it: which model an admin
// chose to read new and changed tool definitions for poisoning (or none), the score from which its
// verdict holds a definition, and what a report card says the judge made of a server's tools.
// Pure and client-safe (docs/report-card.md#the-model-judge).
import { z } from "zod";

/**
 * A "poisoned" verdict holds a definition and is a finding from this score up (0 to 1). The rubric
 * (lib/report/judge-rubric.ts) tells the model that 0.7–0.9 means likely and 0.9 or more clear:
 * "unsure" (0.3–0.7) stays below, so that a model's doubt alone never holds a tool.
 */
export const JUDGE_THRESHOLD = 0.7;

/** PUT /api/model-judge: a model as `provider/model` from a provider every admin may use, or null: no judge. */
export const JudgeSettingSchema = z
  .object({
    model: z
      .string()
      .trim()
      .min(3)
      .max(300)
      .regex(/^[a-z][a-z0-9-]*\/.+$/, "Name the model as provider/model, such as openai/gpt-4.1.")
      .nullable(),
  })
  .strict();
export type JudgeSettingInput = z.infer<typeof JudgeSettingSchema>;

export type JudgeSettingView = {
  /** The model that judges, or null: the text scan alone, as before the judge existed. */
  model: string | null;
  rubricVersion: string;
  threshold: number;
  updatedAt: string | null;
  updatedBy: string | null;
  /** Whether the caller may change it (admins). */
  mayChange: boolean;
};

/** What the judge made of a report card's tools: each read once per model and rubric, the verdict kept. */
export type JudgeSummary = {
  model: string;
  rubricVersion: string;
  threshold: number;
  /** Tools with a verdict, and how many of them it flagged (poisoned at the threshold or above). */
  judged: number;
  flagged: number;
  /** Tools asked about whose verdict had not come when the card was made. */
  waiting: number;
  /** Tools it could not answer for (an error, a timeout, an answer that was not a verdict): the text scan stands for them. */
  failed: number;
  /** The first of them, with the model's failure in words (keys masked). */
  failures: { tool: string; message: string }[];
};
