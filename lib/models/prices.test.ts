// Cost estimates: the longest listed prefix wins, the operator's prices win over the list, a model
// with no price gets no estimate, and prices that do not parse are ignored, not fatal.
import { describe, expect, it, vi } from "vitest";
import { estimateCost, priceOf } from "./prices";

describe("prices", () => {
  it("takes the family's price for a dated version, and the longest prefix", () => {
    expect(priceOf("openai/gpt-4o-2024-08-06", {})).toEqual({ input: 2.5, output: 10 });
    expect(priceOf("openai/gpt-4o-mini-2024-07-18", {})).toEqual({ input: 0.15, output: 0.6 });
    expect(priceOf("openai/gpt-4omni", {})).toBeNull();
    expect(estimateCost("anthropic/claude-sonnet-4-20250514", { inputTokens: 1_000_000, outputTokens: 100_000 }, {})).toBeCloseTo(4.5);
  });

  it("lets the operator price their own models, and never makes one up", () => {
    const env = {
      TOOLSCOPE_MODEL_PRICES: JSON.stringify({ "openai/llama": { input: 0, output: 0 }, "openai/gpt-4o": { input: 1, output: 1 } }),
    };
    expect(estimateCost("openai/llama3.1:8b", { inputTokens: 5, outputTokens: 5 }, env)).toBeNull();
    expect(estimateCost("openai/llama:8b", { inputTokens: 5, outputTokens: 5 }, env)).toBe(0);
    expect(priceOf("openai/gpt-4o", env)).toEqual({ input: 1, output: 1 });
    expect(estimateCost("openai/scripted-bot", { inputTokens: 5 }, {})).toBeNull();
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(priceOf("openai/gpt-4o", { TOOLSCOPE_MODEL_PRICES: "{not json" })).toEqual({ input: 2.5, output: 10 });
    logged.mockRestore();
  });
});
