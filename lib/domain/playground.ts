// What the playground's page and its endpoints share: the models a person can pick from, and what
// a turn of the chat carries beside its words. Client-safe.
import type { LanguageModelUsage, UIMessage } from "ai";
import type { Role } from "./roles";

/** The providers the environment configures, by the variables every SDK reads; their ids are reserved. */
export const PROVIDER_IDS = ["openai", "anthropic", "google"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** What a provider speaks: OpenAI's API, chat completions at an endpoint of one's choosing, Anthropic's, Google's. */
export const PROVIDER_KINDS = ["openai", "openai-compatible", "anthropic", "google"] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export const PROVIDER_KIND_LABELS: Record<ProviderKind, string> = {
  openai: "OpenAI",
  "openai-compatible": "OpenAI-compatible (Ollama, vLLM, LM Studio, llama.cpp)",
  anthropic: "Anthropic",
  google: "Google",
};

/**
 * Where a provider was given: the operator's environment (trusted, changed only there), a shared
 * one an admin added in the UI (for the roles it names), or a person's own (theirs alone, named
 * `my-…`). Keys given in the UI are kept sealed.
 */
export type ProviderSource = "environment" | "shared" | "personal";

/** A person's own providers are named with this prefix, so that no shared one is ever mistaken for them. */
export const PERSONAL_PREFIX = "my-";

/** A configured model provider as anyone may see it: never its key. */
export type ModelProvider = {
  /** The first part of its models' names: `{id}/{model}`. */
  id: string;
  kind: ProviderKind;
  label: string;
  /** Where its requests go. */
  baseUrl: string;
  /** An endpoint that speaks OpenAI's chat completions, not OpenAI itself. */
  compatible: boolean;
  source: ProviderSource;
  /** A shared provider: the roles that may use it; null, every role. */
  roles?: Role[] | null;
  /** Whether a key is set (a local endpoint may need none); the key itself never leaves the server. */
  hasKey?: boolean;
  updatedAt?: string;
  updatedBy?: string | null;
};

export type AvailableModels = {
  providers: ModelProvider[];
  /** Every usable provider's models, `provider/model`. */
  models: string[];
  /** A provider whose list could not be read, and why (its models are missing from `models`). */
  problems: { provider: string; message: string }[];
};

/** What the page learns about a turn beside its words: the model, and once it ends, the tokens it took. */
export type TurnMetadata = {
  model: string;
  usage?: LanguageModelUsage;
  /** USD estimated from list prices (lib/models/prices.ts); null when the model's price is not known. */
  costUsd?: number | null;
  /** Each model step of the answer (a model's reply, with the tool calls it made): its tokens and estimated cost. */
  steps?: StepUsage[];
};

export type StepUsage = { inputTokens: number | null; outputTokens: number | null; costUsd: number | null };

export type PlaygroundMessage = UIMessage<TurnMetadata>;
