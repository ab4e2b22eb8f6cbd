// A server's sampling request answered with a model's draft (lib/mcp/sampling.ts): how the
// setting names a model, what the person is shown of the draft, and what the reply's `model`
// says about who wrote it. Client-safe.
import { z } from "zod";
import { PROVIDER_IDS } from "./playground";

/** `provider/model`, as lib/models names a model; the model part may hold slashes and colons ("openai/llama3.2:1b"). */
export const ModelRefSchema = z
  .string()
  .trim()
  .max(300)
  .regex(
    new RegExp(`^(${PROVIDER_IDS.join("|")})/\\S+$`),
    `A model is named provider/model, the provider one of ${PROVIDER_IDS.join(", ")} (e.g. openai/gpt-4o-mini)`,
  );

export type DraftUsage = { inputTokens: number | null; outputTokens: number | null };

/** What the person is shown beside the request: the model's draft, or why there is none. */
export type SamplingDraft = { model: string; text: string; usage: DraftUsage | null } | { model: string; error: string };

/** The reply's `model` when a person wrote it with no draft to start from (the setting off, or the model failed). */
export const PERSON_MODEL = "human (answered in Toolscope)";

/**
 * The reply's `model`: the model's own name when the person sent its draft as it was, the model's
 * name marked as edited when they changed it, and the person when there was no draft.
 */
export function replyModel(draft: SamplingDraft | undefined, sent: string): string {
  if (!draft || "error" in draft) return PERSON_MODEL;
  return sent === draft.text ? draft.model : `${draft.model} (edited by a person in Toolscope)`;
}
