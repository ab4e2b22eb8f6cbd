import "server-only";
// The models Toolscope can talk to, from the variables every SDK reads, with no set-up beyond
// them: OPENAI_API_KEY (with OPENAI_BASE_URL, any endpoint speaking chat completions: Ollama,
// vLLM, LM Studio, llama.cpp), ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY. A model is named
// `provider/model` ("openai/gpt-4.1", "anthropic/claude-sonnet-4-5"). Keys stay in this module:
// what it hands out (a provider's description, a model list) carries none. The operator's
// environment is trusted, its base URL included; a base URL a person gives will go through the
// outbound guard.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { AppError } from "@/lib/errors";
import type { AvailableModels, ModelProvider, ProviderId } from "@/lib/domain/playground";

export type { AvailableModels, ModelProvider, ProviderId } from "@/lib/domain/playground";

type Configured = ModelProvider & { apiKey: string };

/** Where the variables are read: the process's environment, or a test's. */
export type Environment = Readonly<Record<string, string | undefined>>;

const DEFAULT_BASE_URL: Record<ProviderId, string> = {
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com/v1",
  google: "https://generativelanguage.googleapis.com/v1beta",
};

const LABEL: Record<ProviderId, string> = { openai: "OpenAI", anthropic: "Anthropic", google: "Google" };

const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, "");

function configured(env: Environment): Configured[] {
  const providers: Configured[] = [];
  const add = (id: ProviderId, apiKey: string | undefined, baseUrl: string | undefined): void => {
    if (!apiKey?.trim()) return;
    const compatible = id === "openai" && Boolean(baseUrl?.trim());
    providers.push({
      id,
      label: compatible ? `OpenAI-compatible (${new URL(baseUrl!).host})` : LABEL[id],
      baseUrl: withoutTrailingSlash(baseUrl?.trim() || DEFAULT_BASE_URL[id]),
      compatible,
      source: "environment",
      apiKey: apiKey.trim(),
    });
  };
  add("openai", env.OPENAI_API_KEY, env.OPENAI_BASE_URL);
  add("anthropic", env.ANTHROPIC_API_KEY, env.ANTHROPIC_BASE_URL);
  add("google", env.GOOGLE_GENERATIVE_AI_API_KEY, env.GOOGLE_GENERATIVE_AI_BASE_URL);
  return providers;
}

/** The providers the environment configures, without their keys. */
export function modelProviders(env: Environment = process.env): ModelProvider[] {
  return configured(env).map(({ apiKey: _key, ...provider }) => provider);
}

export type ModelRef = { provider: ProviderId; model: string };

/** "openai/gpt-4.1" → its provider and model; the model part may hold slashes ("openai/meta-llama/Llama-3.3"). */
export function parseModelRef(ref: string): ModelRef {
  const slash = ref.indexOf("/");
  const provider = ref.slice(0, slash);
  const model = ref.slice(slash + 1);
  if (slash <= 0 || !model || !(provider in LABEL))
    throw new AppError("not_found:model", `"${ref}" names no model: give it as provider/model.`);
  return { provider: provider as ProviderId, model };
}

function providerFor(id: ProviderId, env: Environment): Configured {
  const provider = configured(env).find((candidate) => candidate.id === id);
  if (!provider) throw new AppError("not_found:model", `No ${LABEL[id]} key is configured (${keyVariable(id)}).`);
  return provider;
}

function keyVariable(id: ProviderId): string {
  return { openai: "OPENAI_API_KEY", anthropic: "ANTHROPIC_API_KEY", google: "GOOGLE_GENERATIVE_AI_API_KEY" }[id];
}

/** The AI SDK model for a `provider/model` name. */
export function languageModel(ref: string, env: Environment = process.env): LanguageModel {
  const { provider: id, model } = parseModelRef(ref);
  const provider = providerFor(id, env);
  switch (id) {
    case "openai":
      // An operator's endpoint speaks chat completions; OpenAI itself is reached through its own provider.
      return provider.compatible
        ? createOpenAICompatible({ name: "openai", baseURL: provider.baseUrl, apiKey: provider.apiKey, includeUsage: true }).chatModel(
            model,
          )
        : createOpenAI({ apiKey: provider.apiKey, baseURL: provider.baseUrl })(model);
    case "anthropic":
      return createAnthropic({ apiKey: provider.apiKey, baseURL: provider.baseUrl })(model);
    case "google":
      return createGoogleGenerativeAI({ apiKey: provider.apiKey, baseURL: provider.baseUrl })(model);
  }
}

/** How each provider lists its models: the request, and the ids read from the answer. */
function listRequest(provider: Configured): { url: string; headers: Record<string, string>; ids: (body: unknown) => string[] } {
  const fromData = (body: unknown): string[] => ((body as { data?: { id?: unknown }[] }).data ?? []).map((entry) => String(entry.id ?? ""));
  switch (provider.id) {
    case "openai":
      return { url: `${provider.baseUrl}/models`, headers: { authorization: `Bearer ${provider.apiKey}` }, ids: fromData };
    case "anthropic":
      return {
        url: `${provider.baseUrl}/models?limit=1000`,
        headers: { "x-api-key": provider.apiKey, "anthropic-version": "2023-06-01" },
        ids: fromData,
      };
    case "google":
      return {
        url: `${provider.baseUrl}/models?pageSize=1000`,
        headers: { "x-goog-api-key": provider.apiKey },
        // Only the models that generate content; "models/gemini-2.5-pro" is named "gemini-2.5-pro".
        ids: (body) =>
          ((body as { models?: { name?: unknown; supportedGenerationMethods?: unknown[] }[] }).models ?? [])
            .filter((entry) => entry.supportedGenerationMethods?.includes("generateContent") ?? true)
            .map((entry) => String(entry.name ?? "").replace(/^models\//, "")),
      };
  }
}

const LIST_TIMEOUT_MS = 10_000;

/** The models a provider offers, as `provider/model` names, sorted; its answer's words when it refuses. */
export async function listModels(id: ProviderId, env: Environment = process.env, fetcher: typeof fetch = fetch): Promise<string[]> {
  const provider = providerFor(id, env);
  const request = listRequest(provider);
  let response: Response;
  try {
    response = await fetcher(request.url, { headers: request.headers, signal: AbortSignal.timeout(LIST_TIMEOUT_MS) });
  } catch (error) {
    throw new AppError("bad_gateway:model", `${provider.label} could not be reached at ${provider.baseUrl}: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (!response.ok)
    throw new AppError(
      "bad_gateway:model",
      `${provider.label} refused to list its models (HTTP ${response.status}): ${providerMessage(text).replaceAll(provider.apiKey, "[key]")}`,
    );
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError("bad_gateway:model", `${provider.label}'s list of models is not JSON.`);
  }
  return [...new Set(request.ids(body).filter(Boolean))].sort().map((model) => `${id}/${model}`);
}

/** A provider's own message from an error body ({ error: { message } } in all three), short. */
function providerMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string };
    const message = typeof parsed.error === "string" ? parsed.error : parsed.error?.message;
    if (typeof message === "string" && message) return message.slice(0, 300);
  } catch {
    // Not JSON: its first words.
  }
  return text.slice(0, 300) || "no message";
}

/** What a person can pick from: every configured provider's models, read at once; a provider that fails is named, not fatal. */
export async function availableModels(env: Environment = process.env, fetcher: typeof fetch = fetch): Promise<AvailableModels> {
  const providers = modelProviders(env);
  const lists = await Promise.allSettled(providers.map((provider) => listModels(provider.id, env, fetcher)));
  return {
    providers,
    models: lists.flatMap((list) => (list.status === "fulfilled" ? list.value : [])),
    problems: lists.flatMap((list, index) =>
      list.status === "rejected" ? [{ provider: providers[index]!.id, message: (list.reason as Error).message }] : [],
    ),
  };
}

/** A model's failure (an error or its message) in words for a person or a log, every configured key masked. */
export function withoutKeys(failure: unknown, env: Environment = process.env): string {
  const message = failure instanceof Error ? failure.message : String(failure);
  return configured(env).reduce((text, provider) => text.replaceAll(provider.apiKey, "[key]"), message);
}

/**
 * Each model can be used: its provider is configured, and the provider lists it (a provider whose
 * list cannot be read is given the benefit of the doubt: the model's own call will say).
 */
export async function checkModels(refs: readonly string[], env: Environment = process.env, fetcher: typeof fetch = fetch): Promise<void> {
  for (const ref of refs) providerFor(parseModelRef(ref).provider, env);
  const available = await availableModels(env, fetcher);
  const unlisted = refs.filter(
    (ref) => !available.models.includes(ref) && !available.problems.some((problem) => problem.provider === parseModelRef(ref).provider),
  );
  if (unlisted.length > 0)
    throw new AppError(
      "not_found:model",
      `${unlisted.map((ref) => `"${ref}"`).join(", ")} ${unlisted.length === 1 ? "is" : "are"} not among the models the providers list.`,
    );
}
