import "server-only";
// The model judge's one setting: which model reads new and changed tool definitions (or none, the
// default: the text scan alone, as before the judge existed). It lets Toolscope send each such
// definition to that model, and hold a tool the model judges poisoned until an admin approves it.
// An admin's choice, from the providers every admin may use (the environment's and shared ones,
// never a person's own: SERVER_SETTING), kept in instance_settings and recorded in the audit log.
import { recordEvent } from "@/lib/audit/events";
import { can, type Caller } from "@/lib/domain/roles";
import { JUDGE_THRESHOLD, JudgeSettingSchema, type JudgeSettingInput, type JudgeSettingView } from "@/lib/domain/model-judge";
import { AppError } from "@/lib/errors";
import { languageModel, SERVER_SETTING } from "@/lib/models/providers";
import { instanceSetting, saveInstanceSetting } from "@/lib/policy/instance-settings";
import { JUDGE_RUBRIC_VERSION } from "./judge-rubric";

/** The judge's model as `provider/model`, or null: no judge. */
export async function judgeModelRef(): Promise<string | null> {
  const stored = await instanceSetting("model-judge");
  if (!stored) return null;
  const parsed = JudgeSettingSchema.safeParse(stored.value);
  if (parsed.success) return parsed.data.model;
  console.error(`[toolscope] ignoring the stored model judge setting: ${parsed.error.message}`);
  return null;
}

export async function judgeSettingView(caller: Caller): Promise<JudgeSettingView> {
  const stored = await instanceSetting("model-judge");
  return {
    model: await judgeModelRef(),
    rubricVersion: JUDGE_RUBRIC_VERSION,
    threshold: JUDGE_THRESHOLD,
    updatedAt: stored?.updatedAt ?? null,
    updatedBy: stored?.updatedBy ?? null,
    mayChange: can(caller, "servers:manage"),
  };
}

/** An admin chooses the judge's model, or none. A model no admin's provider can serve is refused now, not at the first tool. */
export async function changeJudgeSetting(caller: Caller, input: JudgeSettingInput): Promise<JudgeSettingView> {
  if (!can(caller, "servers:manage")) throw new AppError("forbidden:role", "Only an admin chooses the model judge.");
  // Throws not_found:model, in words, for a provider no admin may use (someone's own) or none configured.
  if (input.model) await languageModel(input.model, SERVER_SETTING);
  const before = await judgeModelRef();
  await saveInstanceSetting("model-judge", input.model ? { model: input.model } : null, caller.actor);
  await recordEvent("model_judge_changed", caller, { subject: input.model ?? "(none)", model: input.model, before });
  return judgeSettingView(caller);
}
