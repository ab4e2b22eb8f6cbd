// What the playground's page and its endpoints share: the models a person can pick from, and what
// a turn of the chat carries beside its words. Client-safe.
import type { LanguageModelUsage, UIMessage } from "ai";

export const PROVIDER_IDS = ["openai", "anthropic", "google"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** A configured model provider as anyone may see it: never its key. */
export type ModelProvider = {
  id: ProviderId;
  label: string;
  /** Where its requests go. */
  baseUrl: string;
  /** An endpoint of the operator's that speaks OpenAI's chat completions (OPENAI_BASE_URL), not OpenAI itself. */
  compatible: boolean;
  source: "environment";
};

export type AvailableModels = {
  providers: ModelProvider[];
  /** Every configured provider's models, `provider/model`. */
  models: string[];
  /** A provider whose list could not be read, and why (its models are missing from `models`). */
  problems: { provider: ProviderId; message: string }[];
};

/** What the page learns about a turn beside its words: the model, and once it ends, the tokens it took. */
export type TurnMetadata = {
  model: string;
  usage?: LanguageModelUsage;
  /** USD estimated from list prices (lib/models/prices.ts); null when the model's price is not known. */
  costUsd?: number | null;
};

export type PlaygroundMessage = UIMessage<TurnMetadata>;
