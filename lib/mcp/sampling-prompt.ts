import "server-only";
// A server's sampling/createMessage request as the AI SDK's call settings: its messages (text, and
// a person's images, which every provider Toolscope speaks takes), its system prompt, maximum
// tokens, temperature and stop sequences. What a model cannot be handed as such (audio, an image
// the assistant sent, tool use) is named in the text, so the model knows something was there.
// `includeContext`, `modelPreferences` and `tools` are not followed: the server's setting chose the
// model, Toolscope has no other session's context to add, and the draft is text for a person.
import type { CreateMessageRequestParams, SamplingMessageContentBlock } from "@modelcontextprotocol/client";
import type { AssistantContent, ModelMessage, UserContent } from "ai";
import { blockText } from "@/lib/models/block-text";

export type SamplingPrompt = {
  system?: string;
  messages: ModelMessage[];
  maxOutputTokens: number;
  temperature?: number;
  stopSequences?: string[];
};

type UserPart = Exclude<UserContent, string>[number];

function userPart(block: SamplingMessageContentBlock): UserPart {
  if (block.type === "image") return { type: "image", image: block.data, mediaType: block.mimeType };
  return { type: "text", text: blockText(block) };
}

const blocksOf = (content: SamplingMessageContentBlock | SamplingMessageContentBlock[]): SamplingMessageContentBlock[] =>
  Array.isArray(content) ? content : [content];

export function samplingPrompt(params: CreateMessageRequestParams): SamplingPrompt {
  const messages: ModelMessage[] = params.messages.map((message) => {
    const blocks = blocksOf(message.content);
    if (message.role === "user") return { role: "user", content: blocks.map(userPart) };
    const content: AssistantContent = blocks.map((block) => ({ type: "text" as const, text: blockText(block) }));
    return { role: "assistant", content };
  });
  return {
    ...(params.systemPrompt ? { system: params.systemPrompt } : {}),
    messages,
    maxOutputTokens: params.maxTokens,
    ...(params.temperature === undefined ? {} : { temperature: params.temperature }),
    ...(params.stopSequences?.length ? { stopSequences: params.stopSequences } : {}),
  };
}
