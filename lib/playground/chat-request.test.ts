// The playground's endpoints as the page uses them (the route handlers, with the caller the front
// door stamps): the models the environment configures, and a chat turn streamed as the AI SDK's
// UI message stream, against a scripted OpenAI-compatible model. A bad conversation is a clear
// 400; a provider's failure reaches the person in its own words with the key masked; the key is
// in no answer.
import { describe, expect, it, vi } from "vitest";
import { localCaller } from "@/lib/auth/identify";
import { CALLER_HEADER, encodeCaller } from "@/lib/http/caller-header";
import { playgroundHarness } from "@/test/playground-harness";
import { callsTool } from "@/test/scripted-model-server";

const KEY = "sk-route-9a7c21";
playgroundHarness(KEY, {
  "weather-bot": callsTool("__get_weather", "city"),
  "broken-bot": () => ({ status: 401, error: `upstream rejected the key ${KEY}` }),
});
const headers = { [CALLER_HEADER]: encodeCaller(localCaller("127.0.0.1").caller), "content-type": "application/json" };

async function chat(body: unknown): Promise<{ status: number; text: string; chunks: Record<string, unknown>[] }> {
  const { POST } = await import("@/app/api/playground/chat/route");
  const response = await POST(
    new Request("http://toolscope.test/api/playground/chat", { method: "POST", headers, body: JSON.stringify(body) }),
  );
  const text = await response.text();
  const chunks = text
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
  return { status: response.status, text, chunks };
}

const ask = (model: string, words: string) => ({ model, messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: words }] }] });

describe("GET /api/models", () => {
  it("lists the configured providers' models, without a key", async () => {
    const { GET } = await import("@/app/api/models/route");
    const text = await (await GET(new Request("http://toolscope.test/api/models", { headers }))).text();
    expect(JSON.parse(text)).toMatchObject({ models: ["openai/broken-bot", "openai/weather-bot"], problems: [] });
    expect(text).not.toContain(KEY);
  });
});

describe("POST /api/playground/chat", () => {
  it("streams the model's tool call, the tool's answer and the model's words, with the turn's usage", async () => {
    const { status, text, chunks } = await chat(ask("openai/weather-bot", "Porto"));
    expect(status).toBe(200);
    expect(chunks).toContainEqual(
      expect.objectContaining({ type: "tool-input-available", toolName: "demo__get_weather", input: { city: "Porto" } }),
    );
    const output = chunks.find((chunk) => chunk.type === "tool-output-available") as {
      output: { content: { text: string }[]; _meta: Record<string, unknown> };
    };
    expect(output.output.content[0]!.text).toContain("Porto");
    expect(output.output._meta["io.toolscope/auditId"]).toEqual(expect.any(String));
    expect(output.output._meta["io.toolscope/durationMs"]).toEqual(expect.any(Number));
    const words = chunks
      .filter((chunk) => chunk.type === "text-delta")
      .map((chunk) => chunk.delta)
      .join("");
    expect(words).toMatch(/^The tool answered: /);
    const finish = chunks.find((chunk) => chunk.type === "finish") as {
      messageMetadata: {
        model: string;
        usage: { inputTokens: number; outputTokens: number };
        steps: { inputTokens: number; outputTokens: number }[];
      };
    };
    expect(finish.messageMetadata).toMatchObject({ model: "openai/weather-bot", usage: { outputTokens: expect.any(Number) } });
    // Each step's tokens: the tool call, then the words after it; together, the turn's.
    const { steps, usage } = finish.messageMetadata;
    expect(steps).toHaveLength(2);
    expect(steps.reduce((sum, step) => sum + step.outputTokens, 0)).toBe(usage.outputTokens);
    expect(steps.reduce((sum, step) => sum + step.inputTokens, 0)).toBe(usage.inputTokens);
    expect(text).not.toContain(KEY);
  });

  it("says what a failing provider said, its key masked, and logs it so too", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { status, text, chunks } = await chat(ask("openai/broken-bot", "hello"));
    const lines = logged.mock.calls.map((args) => args.join(" "));
    logged.mockRestore();
    expect(lines.join("\n")).toContain("openai/broken-bot failed: upstream rejected the key [key]");
    expect(lines.join("\n")).not.toContain(KEY);
    expect(status).toBe(200);
    const failure = chunks.find((chunk) => chunk.type === "error") as { errorText: string };
    expect(failure.errorText).toContain("upstream rejected the key [key]");
    expect(text).not.toContain(KEY);
  });

  it("refuses a conversation it cannot read, and a model of no configured provider, in plain words", async () => {
    const garbled = await chat({ model: "openai/weather-bot", messages: [{ role: "user", text: "hi" }] });
    expect(garbled.status).toBe(400);
    expect(JSON.parse(garbled.text)).toMatchObject({
      error: { code: "bad_request:body", message: expect.stringContaining("conversation") },
    });
    const unknown = await chat(ask("mistral/large", "hi"));
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toMatchObject({ error: { code: "not_found:model" } });
  });

  it("offers only the tools of the servers asked for, and says so of a virtual server that does not exist", async () => {
    const none = await chat({ ...ask("openai/weather-bot", "Porto"), servers: ["nosuchserver"] });
    const words = none.chunks.flatMap((chunk) => (chunk.type === "text-delta" ? [chunk.delta as string] : [])).join("");
    expect(words).toBe("No tool ending in __get_weather was offered.");
    const demo = await chat({ ...ask("openai/weather-bot", "Porto"), servers: ["demo"] });
    expect(demo.chunks).toContainEqual(expect.objectContaining({ type: "tool-input-available", toolName: "demo__get_weather" }));
    const missing = await chat({ ...ask("openai/weather-bot", "Porto"), virtualServer: "nosuchview" });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('There is no virtual server \\"nosuchview\\"');
  });
});
