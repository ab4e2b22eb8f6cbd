import "server-only";
// A server's sampling/createMessage, answered by the person whose call is under way
// (user-input.ts). With the server's `samplingModel` set, that model drafts the answer first and
// the person is shown the request with the draft: they send it as it is, edit it, or decline. A
// model is asked only when the setting is on and a person (not an agent, not a script) will see
// its draft; each such request is one audit record (`sampling`): the person, the model, what they
// did, the tokens, whether they edited the draft. The reply's `model` says who wrote what was sent
// (lib/domain/sampling.ts).
import { ProtocolError, type CreateMessageRequestParams, type CreateMessageResult } from "@modelcontextprotocol/client";
import { generateText, type FinishReason } from "ai";
import { recordEvent } from "@/lib/audit/events";
import type { Caller } from "@/lib/domain/roles";
import { replyModel, type SamplingDraft } from "@/lib/domain/sampling";
import type { ServerConfig } from "@/lib/domain/server-config";
import { languageModel, SERVER_SETTING, withoutKeys } from "@/lib/models/providers";
import { samplingPrompt } from "./sampling-prompt";
import { requestUserInput, type UserAnswer } from "./user-input";

/** How long a model may take over a draft before the person is asked without one. */
export const DRAFT_TIMEOUT_MS = 120_000;

type Drafted = { shown: SamplingDraft; finishReason?: FinishReason };

async function draftReply(model: string, params: CreateMessageRequestParams, signal: AbortSignal): Promise<Drafted> {
  const timeout = AbortSignal.timeout(DRAFT_TIMEOUT_MS);
  try {
    const result = await generateText({
      model: await languageModel(model, SERVER_SETTING),
      ...samplingPrompt(params),
      abortSignal: AbortSignal.any([signal, timeout]),
    });
    return {
      shown: {
        model,
        text: result.text,
        usage: { inputTokens: result.usage.inputTokens ?? null, outputTokens: result.usage.outputTokens ?? null },
      },
      finishReason: result.finishReason,
    };
  } catch (error) {
    const message =
      timeout.aborted && !signal.aborted ? `The model did not answer within ${DRAFT_TIMEOUT_MS / 1000} s.` : withoutKeys(error);
    // The SDK's error may quote the provider's answer whole: logged masked, as the playground does.
    console.error(`[toolscope] the sampling model ${model} failed: ${message}`);
    return { shown: { model, error: message } };
  }
}

type Action = "sent" | "declined" | "cancelled" | "unanswered";

function actionOf(answer: UserAnswer | undefined): Action {
  if (!answer) return "unanswered";
  if (answer.action === "accept") return answer.text === undefined ? "declined" : "sent";
  return answer.action === "decline" ? "declined" : "cancelled";
}

async function recordSampling(serverId: string, person: Caller, drafted: Drafted, answer: UserAnswer | undefined): Promise<void> {
  const action = actionOf(answer);
  const { shown } = drafted;
  await recordEvent("sampling", person, {
    serverId,
    subject: shown.model,
    model: shown.model,
    action,
    ...("error" in shown
      ? { draft: "failed", error: shown.error, usage: null }
      : { draft: "made", usage: shown.usage, finishReason: drafted.finishReason ?? null }),
    // Whether the draft was changed; null when nothing was sent, or there was no draft to change.
    edited: action === "sent" && "text" in shown ? answer?.text !== shown.text : null,
    replyModel: action === "sent" ? replyModel(shown, answer?.text ?? "") : null,
  });
}

/** The server's answer: what the person sent, or the protocol's error when they did not. */
export async function answerSampling(
  config: ServerConfig,
  params: CreateMessageRequestParams,
  signal: AbortSignal,
  owner: string | undefined,
): Promise<CreateMessageResult> {
  const model = config.samplingModel;
  // Filled in only when a person is asked with the setting on.
  const asked: { person?: Caller; drafted?: Drafted } = {};
  const draftFor = model
    ? async (person: Caller): Promise<SamplingDraft> => {
        asked.person = person;
        asked.drafted = await draftReply(model, params, signal);
        return asked.drafted.shown;
      }
    : undefined;
  const answer = await requestUserInput(config.id, "sampling", params, signal, owner, draftFor);
  if (asked.person && asked.drafted) await recordSampling(config.id, asked.person, asked.drafted, answer ?? undefined);
  if (answer?.action !== "accept" || answer.text === undefined) throw new ProtocolError(-1, "The user declined the sampling request.");
  const sentAsDrafted = asked.drafted && "text" in asked.drafted.shown && asked.drafted.shown.text === answer.text;
  return {
    role: "assistant",
    content: { type: "text", text: answer.text },
    model: replyModel(asked.drafted?.shown, answer.text),
    stopReason: sentAsDrafted && asked.drafted?.finishReason === "length" ? "maxTokens" : "endTurn",
  };
}
