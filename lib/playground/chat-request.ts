import "server-only";
// The playground's chat endpoint: what the page sends (the conversation as the AI SDK's UI
// messages, the model, the system prompt, the temperature), checked, and the turn streamed back
// as a UI message stream. A failure of the model's provider reaches the person in its own words,
// every key masked; the usage of the turn comes with its last part.
import { convertToModelMessages, validateUIMessages } from "ai";
import type { PlaygroundMessage, StepUsage } from "@/lib/domain/playground";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import type { Caller } from "@/lib/domain/roles";
import { pricedAs, withoutKeys } from "@/lib/models/providers";
import { estimateCost } from "@/lib/models/prices";
import { chatTurn, playgroundTools } from "./chat";
import { viewFor } from "@/lib/gateway/tool-views";
import { VIRTUAL_NAME } from "@/lib/domain/virtual-servers";

export const ChatRequestSchema = z.object({
  model: z.string().min(3).max(200),
  messages: z.array(z.unknown()).min(1).max(500),
  system: z.string().max(20_000).optional(),
  temperature: z.number().min(0).max(2).optional(),
  /** The tools of these servers only, or of one virtual server; neither: every tool of /mcp. */
  servers: z.array(z.string().regex(VIRTUAL_NAME)).min(1).max(100).optional(),
  virtualServer: z.string().regex(VIRTUAL_NAME).optional(),
});

export type ChatRequest = z.infer<typeof ChatRequestSchema>;

/** The page's word that the person confirmed a held call: only a person, in Toolscope's own page, may give it. */
function assertMayConfirm(messages: readonly PlaygroundMessage[], caller: Caller, fromPage: boolean): void {
  const confirms = messages.some((message) =>
    message.parts.some((part) => "approval" in part && (part.approval as { approved?: boolean } | undefined)?.approved === true),
  );
  if (!confirms) return;
  const person = caller.authMethod === "password" || caller.authMethod === "sso" || caller.authMethod === "local";
  if (!person || !fromPage)
    throw new AppError(
      "forbidden:credential",
      "Only the person, in Toolscope's own page, can confirm a call the model wants to make: a token or a script cannot.",
    );
}

export async function answerChat(request: ChatRequest, caller: Caller, signal: AbortSignal, fromPage = false): Promise<Response> {
  let messages: PlaygroundMessage[];
  try {
    messages = await validateUIMessages<PlaygroundMessage>({ messages: request.messages });
  } catch (error) {
    throw new AppError("bad_request:body", `The conversation is not one the playground can read: ${(error as Error).message}`);
  }
  assertMayConfirm(messages, caller, fromPage);
  // The same tools read the conversation's earlier calls and serve the model's new ones.
  const view = viewFor(request);
  const tools = await playgroundTools(caller, request.model, view, signal, { askInPerson: true });
  const priced = await pricedAs(request.model, caller);
  const result = await chatTurn({
    caller,
    model: request.model,
    messages: await convertToModelMessages(messages, { tools, ignoreIncompleteToolCalls: true }),
    system: request.system,
    temperature: request.temperature,
    tools,
    signal,
  });
  // A turn that goes on after the person answered a confirmation continues the last answer: its steps so far stay.
  const last = messages.at(-1);
  const steps: StepUsage[] = last?.role === "assistant" ? [...(last.metadata?.steps ?? [])] : [];
  return result.toUIMessageStreamResponse<PlaygroundMessage>({
    originalMessages: messages,
    messageMetadata: ({ part }) => {
      if (part.type === "start") return { model: request.model };
      if (part.type === "finish-step") {
        steps.push({
          inputTokens: part.usage.inputTokens ?? null,
          outputTokens: part.usage.outputTokens ?? null,
          costUsd: estimateCost(priced, part.usage),
        });
        return { model: request.model, steps: [...steps] };
      }
      // The answer's cost is its steps', the ones before a confirmation included.
      if (part.type === "finish")
        return {
          model: request.model,
          usage: part.totalUsage,
          costUsd: steps.some((step) => step.costUsd === null) ? null : steps.reduce((sum, step) => sum + step.costUsd!, 0),
          steps,
        };
      return undefined;
    },
    onError: (error) => withoutKeys(error),
  });
}
