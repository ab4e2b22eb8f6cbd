import "server-only";
// What a model's tokens cost, for the estimates the playground and eval runs show. Providers'
// list prices in USD per million tokens, as published in 2025 for standard (not batch, not
// cached) use; a model id matches the longest listed prefix, so dated versions ("gpt-4o-2024-08-06")
// take their family's price. An operator sets their own with TOOLSCOPE_MODEL_PRICES (a local model is
// free, a contract differs): JSON `{ "provider/model-prefix": { "input": n, "output": n } }`, which
// wins over the list. A model with no price gets none: an estimate is never made up.
import { z } from "zod";
import type { Environment } from "./providers";

export type Price = { input: number; output: number };

const LIST: Record<string, Price> = {
  "openai/gpt-4o-mini": { input: 0.15, output: 0.6 },
  "openai/gpt-4o": { input: 2.5, output: 10 },
  "openai/gpt-4.1-nano": { input: 0.1, output: 0.4 },
  "openai/gpt-4.1-mini": { input: 0.4, output: 1.6 },
  "openai/gpt-4.1": { input: 2, output: 8 },
  "openai/o3-mini": { input: 1.1, output: 4.4 },
  "openai/o4-mini": { input: 1.1, output: 4.4 },
  "openai/o3": { input: 2, output: 8 },
  "openai/gpt-5-nano": { input: 0.05, output: 0.4 },
  "openai/gpt-5-mini": { input: 0.25, output: 2 },
  "openai/gpt-5": { input: 1.25, output: 10 },
  "anthropic/claude-3-haiku": { input: 0.25, output: 1.25 },
  "anthropic/claude-3-5-haiku": { input: 0.8, output: 4 },
  "anthropic/claude-haiku-4-5": { input: 1, output: 5 },
  "anthropic/claude-3-5-sonnet": { input: 3, output: 15 },
  "anthropic/claude-3-7-sonnet": { input: 3, output: 15 },
  "anthropic/claude-sonnet-4": { input: 3, output: 15 },
  "anthropic/claude-opus-4": { input: 15, output: 75 },
  "google/gemini-2.0-flash-lite": { input: 0.075, output: 0.3 },
  "google/gemini-2.0-flash": { input: 0.1, output: 0.4 },
  "google/gemini-2.5-flash-lite": { input: 0.1, output: 0.4 },
  "google/gemini-2.5-flash": { input: 0.3, output: 2.5 },
  "google/gemini-2.5-pro": { input: 1.25, output: 10 },
  "google/gemini-1.5-flash": { input: 0.075, output: 0.3 },
  "google/gemini-1.5-pro": { input: 1.25, output: 5 },
};

const PricesSchema = z.record(z.string().min(1), z.object({ input: z.number().min(0), output: z.number().min(0) }).strict());

let warned = false;

function operatorPrices(env: Environment): Record<string, Price> {
  const text = env.TOOLSCOPE_MODEL_PRICES;
  if (!text) return {};
  try {
    return PricesSchema.parse(JSON.parse(text));
  } catch (error) {
    if (!warned) console.error(`[toolscope] TOOLSCOPE_MODEL_PRICES is not read: ${error instanceof Error ? error.message : String(error)}`);
    warned = true;
    return {};
  }
}

/** The price of a `provider/model`, or null when none is listed or set. */
export function priceOf(model: string, env: Environment = process.env): Price | null {
  for (const table of [operatorPrices(env), LIST]) {
    const prefix = Object.keys(table)
      .filter((key) => model === key || model.startsWith(`${key}-`) || model.startsWith(`${key}:`) || model.startsWith(`${key}@`))
      .sort((a, b) => b.length - a.length)[0];
    if (prefix) return table[prefix]!;
  }
  return null;
}

/** USD for these tokens, or null when the model's price is not known. */
export function estimateCost(
  model: string,
  usage: { inputTokens?: number | undefined; outputTokens?: number | undefined },
  env: Environment = process.env,
): number | null {
  const price = priceOf(model, env);
  if (!price) return null;
  return ((usage.inputTokens ?? 0) * price.input + (usage.outputTokens ?? 0) * price.output) / 1_000_000;
}
