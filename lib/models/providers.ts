import "server-only";
// The models Toolscope can talk to, from the variables every SDK reads, with no set-up beyond
// them: OPENAI_API_KEY (with OPENAI_BASE_URL, any endpoint speaking chat completions: Ollama,
// vLLM, LM Studio, llama.cpp), ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY. A model is named
// `provider/model` ("openai/gpt-4.1", "anthropic/claude-sonnet-4-5"). Keys stay in this module:
// what it hands out (a provider's description, a model list) carries none. The operator's
// environment is trusted, its base URL included. Providers given in the UI (provider-store.ts:
// shared ones for the roles an admin names, a person's own) join them for whoever may use them, and
// their requests go through the outbound guard.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { currentOutboundPolicy } from "@/lib/auth/hosting";
import { AppError } from "@/lib/errors";
import { createGuardedFetch } from "@/lib/net/guarded-fetch";
import { processWide } from "@/lib/process-wide";
import { PROVIDER_IDS, type AvailableModels, type ModelProvider, type ProviderId } from "@/lib/domain/playground";
import { knownKeys, providersWithKeys, type ModelUser } from "./provider-store";

export type { AvailableModels, ModelProvider, ProviderId } from "@/lib/domain/playground";
export { SERVER_SETTING, type ModelUser } from "./provider-store";

type Configured = ModelProvider & { apiKey: string };

/** Where the variables are read: the process's environment, or a test's. */
export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * Whose providers besides the environment's: a person's (the shared ones their role may use, and
 * their own), a server setting's (every shared one), or null: the environment's alone.
 */
export type ModelScope = ModelUser | null;

const DEFAULT_BASE_URL: Record<ProviderId, string> = {
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com/v1",
  google: "https://generativelanguage.googleapis.com/v1beta",
};

const LABEL: Record<ProviderId, string> = { openai: "OpenAI", anthropic: "Anthropic", google: "Google" };

const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, "");

function fromEnvironment(env: Environment): Configured[] {
  const providers: Configured[] = [];
  const add = (id: ProviderId, apiKey: string | undefined, baseUrl: string | undefined): void => {
    if (!apiKey?.trim()) return;
    const compatible = id === "openai" && Boolean(baseUrl?.trim());
    providers.push({
      id,
      kind: compatible ? "openai-compatible" : id,
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
  return fromEnvironment(env).map(({ apiKey: _key, ...provider }) => provider);
}

/** The environment's providers, then those given in the UI that the scope may use. */
async function configured(scope: ModelScope, env: Environment): Promise<Configured[]> {
  return [...fromEnvironment(env), ...(scope ? await providersWithKeys(scope) : [])];
}

/** Every provider the scope may use, without keys: the environment's first. */
export async function providersFor(scope: ModelScope, env: Environment = process.env): Promise<ModelProvider[]> {
  return (await configured(scope, env)).map(({ apiKey: _key, ...provider }) => provider);
}

export type ModelRef = { provider: string; model: string };

/** "openai/gpt-4.1" → its provider and model; the model part may hold slashes ("openai/meta-llama/Llama-3.3"). */
export function parseModelRef(ref: string): ModelRef {
  const slash = ref.indexOf("/");
  const provider = ref.slice(0, slash);
  const model = ref.slice(slash + 1);
  if (slash <= 0 || !model || !/^[a-z][a-z0-9-]*$/.test(provider))
    throw new AppError("not_found:model", `"${ref}" names no model: give it as provider/model.`);
  return { provider, model };
}

function providerFor(id: string, providers: readonly Configured[]): Configured {
  const provider = providers.find((candidate) => candidate.id === id);
  if (provider) return provider;
  if ((PROVIDER_IDS as readonly string[]).includes(id))
    throw new AppError("not_found:model", `No ${LABEL[id as ProviderId]} key is configured (${keyVariable(id as ProviderId)}).`);
  throw new AppError("not_found:model", `No model provider named "${id}" is configured for you (see Models).`);
}

function keyVariable(id: ProviderId): string {
  return { openai: "OPENAI_API_KEY", anthropic: "ANTHROPIC_API_KEY", google: "GOOGLE_GENERATIVE_AI_API_KEY" }[id];
}

const guarded = processWide("model-provider-fetch", () => ({ fetch: undefined as typeof fetch | undefined }));

/**
 * How a provider's requests go out: the operator's environment is trusted; an address a person gave
 * in the UI goes through the outbound guard, as a server's does (hosted, no private addresses).
 */
function fetchFor(provider: Configured, fetcher: typeof fetch): typeof fetch {
  if (provider.source === "environment") return fetcher;
  guarded.fetch ??= createGuardedFetch({ policy: currentOutboundPolicy, maxResponseBytes: 32 * 1024 * 1024 });
  return guarded.fetch;
}

/** The AI SDK model for a `provider/model` name, from the providers the scope may use. */
export async function languageModel(ref: string, scope: ModelScope, env: Environment = process.env): Promise<LanguageModel> {
  const { provider: id, model } = parseModelRef(ref);
  const provider = providerFor(id, await configured(scope, env));
  const fetch = fetchFor(provider, globalThis.fetch);
  // An endpoint of one's own may need no key; the others always have one (an SDK given none would read the environment's).
  const apiKey = provider.apiKey;
  switch (provider.kind) {
    case "openai-compatible":
      // The provider is named by its id, so that its options and errors read as the model's name does.
      return createOpenAICompatible({
        name: provider.id,
        baseURL: provider.baseUrl,
        apiKey: apiKey || undefined,
        includeUsage: true,
        fetch,
      }).chatModel(model);
    case "openai":
      return createOpenAI({ apiKey, baseURL: provider.baseUrl, fetch })(model);
    case "anthropic":
      return createAnthropic({ apiKey, baseURL: provider.baseUrl, fetch })(model);
    case "google":
      return createGoogleGenerativeAI({ apiKey, baseURL: provider.baseUrl, fetch })(model);
  }
}

/**
 * The name a model's list price is found under (lib/models/prices.ts): a provider added in the UI
 * that speaks OpenAI's, Anthropic's or Google's own API is priced as theirs ("team-openai/gpt-4.1"
 * as "openai/gpt-4.1"); any other model by its own name, which the operator's price table may list.
 */
export async function pricedAs(ref: string, scope: ModelScope, env: Environment = process.env): Promise<string> {
  const { provider: id, model } = parseModelRef(ref);
  const provider = (await configured(scope, env)).find((candidate) => candidate.id === id);
  return provider && provider.source !== "environment" && provider.kind !== "openai-compatible" ? `${provider.kind}/${model}` : ref;
}

/** How each provider lists its models: the request, and the ids read from the answer. */
function listRequest(provider: Configured): { url: string; headers: Record<string, string>; ids: (body: unknown) => string[] } {
  const fromData = (body: unknown): string[] => ((body as { data?: { id?: unknown }[] }).data ?? []).map((entry) => String(entry.id ?? ""));
  switch (provider.kind) {
    case "openai":
    case "openai-compatible":
      return {
        url: `${provider.baseUrl}/models`,
        headers: provider.apiKey ? { authorization: `Bearer ${provider.apiKey}` } : {},
        ids: fromData,
      };
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

/** Where to read models from, and how: a test gives its own environment and fetch. */
export type ListOptions = { env?: Environment; fetcher?: typeof fetch };

async function listOf(provider: Configured, fetcher: typeof fetch): Promise<string[]> {
  const request = listRequest(provider);
  let response: Response;
  try {
    response = await fetchFor(provider, fetcher)(request.url, { headers: request.headers, signal: AbortSignal.timeout(LIST_TIMEOUT_MS) });
  } catch (error) {
    // fetch says only "fetch failed"; why (the outbound guard refused it, no such host) is its cause.
    const failure = error as Error & { cause?: unknown };
    const why = failure.cause instanceof Error ? failure.cause.message : failure.message;
    throw new AppError("bad_gateway:model", `${provider.label} could not be reached at ${provider.baseUrl}: ${withoutKey(why, provider)}`);
  }
  const text = await response.text();
  if (!response.ok)
    throw new AppError(
      "bad_gateway:model",
      `${provider.label} refused to list its models (HTTP ${response.status}): ${withoutKey(providerMessage(text), provider)}`,
    );
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError("bad_gateway:model", `${provider.label}'s list of models is not JSON.`);
  }
  return [...new Set(request.ids(body).filter(Boolean))].sort().map((model) => `${provider.id}/${model}`);
}

const withoutKey = (text: string, provider: Configured): string => (provider.apiKey ? text.replaceAll(provider.apiKey, "[key]") : text);

/** The models a provider offers, as `provider/model` names, sorted; its answer's words when it refuses. */
export async function listModels(
  id: string,
  scope: ModelScope,
  { env = process.env, fetcher = fetch }: ListOptions = {},
): Promise<string[]> {
  return listOf(providerFor(id, await configured(scope, env)), fetcher);
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

/** What a person can pick from: every provider's models they may use, read at once; a provider that fails is named, not fatal. */
export async function availableModels(
  scope: ModelScope,
  { env = process.env, fetcher = fetch }: ListOptions = {},
): Promise<AvailableModels> {
  return listAll(await configured(scope, env), fetcher);
}

/** Every provider's list, read at once. */
async function listAll(providers: readonly Configured[], fetcher: typeof fetch): Promise<AvailableModels> {
  const lists = await Promise.allSettled(providers.map((provider) => listOf(provider, fetcher)));
  return {
    providers: providers.map(({ apiKey: _key, ...provider }) => provider),
    models: lists.flatMap((list) => (list.status === "fulfilled" ? list.value : [])),
    problems: lists.flatMap((list, index) =>
      list.status === "rejected" ? [{ provider: providers[index]!.id, message: (list.reason as Error).message }] : [],
    ),
  };
}

/** A model's failure (an error or its message) in words for a person or a log, every key this process knows masked. */
export function withoutKeys(failure: unknown, env: Environment = process.env): string {
  const message = failure instanceof Error ? failure.message : String(failure);
  const keys = [...fromEnvironment(env).map((provider) => provider.apiKey), ...knownKeys].filter((key) => key.length >= 6);
  return keys.reduce((text, key) => text.replaceAll(key, "[key]"), message);
}

/**
 * Each model can be used by the scope: its provider is configured for it, and the provider lists it
 * (a provider whose list cannot be read is given the benefit of the doubt: the model's own call will say).
 */
export async function checkModels(refs: readonly string[], scope: ModelScope, options: ListOptions = {}): Promise<void> {
  const providers = await configured(scope, options.env ?? process.env);
  for (const ref of refs) providerFor(parseModelRef(ref).provider, providers);
  const available = await listAll(providers, options.fetcher ?? fetch);
  const unlisted = refs.filter(
    (ref) => !available.models.includes(ref) && !available.problems.some((problem) => problem.provider === parseModelRef(ref).provider),
  );
  if (unlisted.length > 0)
    throw new AppError(
      "not_found:model",
      `${unlisted.map((ref) => `"${ref}"`).join(", ")} ${unlisted.length === 1 ? "is" : "are"} not among the models the providers list.`,
    );
}
