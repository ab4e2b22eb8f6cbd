// The model providers from the environment, against a scripted OpenAI-compatible server of our
// own (test/scripted-model-server.ts), and what Toolscope sends Anthropic and Google to list their
// models, recorded (neither is reachable here).
import { generateText, streamText } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScriptedModelServer, textOf, type ScriptedModelServer } from "@/test/scripted-model-server";
import { languageModel, listModels, modelProviders, parseModelRef, type Environment } from "./providers";

const KEY = "sk-scripted-3d9f0c1a";
let models: ScriptedModelServer;
let env: Environment;

beforeAll(async () => {
  models = await startScriptedModelServer({
    apiKey: KEY,
    models: {
      "echo-talker": (request) => ({ text: `You said: ${textOf(request.messages.at(-1))}` }),
      "llama/3.3": () => ({ text: "a model whose name has a slash" }),
    },
  });
  env = { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: models.baseUrl };
});

afterAll(() => models.close());

describe("modelProviders", () => {
  it("names what the environment configures, and never its keys", () => {
    const providers = modelProviders({ ...env, ANTHROPIC_API_KEY: "sk-ant-secret", GOOGLE_GENERATIVE_AI_API_KEY: " " });
    expect(providers).toEqual([
      {
        id: "openai",
        kind: "openai-compatible",
        label: `OpenAI-compatible (${new URL(models.baseUrl).host})`,
        baseUrl: models.baseUrl,
        compatible: true,
        source: "environment",
      },
      {
        id: "anthropic",
        kind: "anthropic",
        label: "Anthropic",
        baseUrl: "https://api.anthropic.com/v1",
        compatible: false,
        source: "environment",
      },
    ]);
    expect(JSON.stringify(providers)).not.toMatch(/sk-/);
    expect(modelProviders({})).toEqual([]);
  });
});

describe("parseModelRef", () => {
  it("splits at the first slash, and refuses what names no provider", () => {
    expect(parseModelRef("openai/meta-llama/Llama-3.3")).toEqual({ provider: "openai", model: "meta-llama/Llama-3.3" });
    expect(parseModelRef("my-ollama/llama3.2:1b")).toEqual({ provider: "my-ollama", model: "llama3.2:1b" });
    for (const bad of ["gpt-4.1", "/gpt", "openai/", "Mistral/large", "a b/c"])
      expect(() => parseModelRef(bad), bad).toThrow(/provider\/model/);
  });
});

describe("listModels", () => {
  it("lists an OpenAI-compatible endpoint's models as provider/model names", async () => {
    expect(await listModels("openai", null, { env })).toEqual(["openai/echo-talker", "openai/llama/3.3"]);
    expect(models.requests.at(-1)).toMatchObject({ path: "/v1/models", authorization: `Bearer ${KEY}` });
  });

  it("gives the provider's own words when it refuses, without the key", async () => {
    const wrong = { ...env, OPENAI_API_KEY: "sk-wrong-key" };
    await expect(listModels("openai", null, { env: wrong })).rejects.toMatchObject({
      code: "bad_gateway:model",
      message: expect.stringMatching(/HTTP 401\): Incorrect API key provided\.$/),
    });
  });

  it("says which provider could not be reached, and that one without a key is not configured", async () => {
    await expect(listModels("openai", null, { env: { ...env, OPENAI_BASE_URL: "http://127.0.0.1:9/v1" } })).rejects.toMatchObject({
      code: "bad_gateway:model",
      message: expect.stringContaining("could not be reached at http://127.0.0.1:9/v1"),
    });
    await expect(listModels("google", null, { env })).rejects.toMatchObject({
      code: "not_found:model",
      message: expect.stringContaining("GOOGLE_GENERATIVE_AI_API_KEY"),
    });
  });

  it("asks Anthropic and Google as their APIs document, and reads their answers", async () => {
    const sent: { url: string; headers: Record<string, string> }[] = [];
    const answer =
      (body: unknown): typeof fetch =>
      async (url, init) => {
        sent.push({ url: String(url), headers: init?.headers as Record<string, string> });
        return Response.json(body);
      };
    const keys = { ANTHROPIC_API_KEY: "sk-ant-1", GOOGLE_GENERATIVE_AI_API_KEY: "g-key-1" };
    expect(
      await listModels("anthropic", null, {
        env: keys,
        fetcher: answer({ data: [{ id: "claude-sonnet-4-5" }, { id: "claude-haiku-4-5" }] }),
      }),
    ).toEqual(["anthropic/claude-haiku-4-5", "anthropic/claude-sonnet-4-5"]);
    expect(sent[0]).toEqual({
      url: "https://api.anthropic.com/v1/models?limit=1000",
      headers: { "x-api-key": "sk-ant-1", "anthropic-version": "2023-06-01" },
    });
    const gemini = {
      models: [
        { name: "models/gemini-2.5-pro", supportedGenerationMethods: ["generateContent", "countTokens"] },
        { name: "models/text-embedding-004", supportedGenerationMethods: ["embedContent"] },
      ],
    };
    expect(await listModels("google", null, { env: keys, fetcher: answer(gemini) })).toEqual(["google/gemini-2.5-pro"]);
    expect(sent[1]).toEqual({
      url: "https://generativelanguage.googleapis.com/v1beta/models?pageSize=1000",
      headers: { "x-goog-api-key": "g-key-1" },
    });
  });
});

describe("languageModel", () => {
  it("talks to an OpenAI-compatible endpoint by chat completions, streamed or not", async () => {
    const model = await languageModel("openai/echo-talker", null, env);
    expect((await generateText({ model, prompt: "hello" })).text).toBe("You said: hello");
    const request = models.requests.at(-1);
    expect(request).toMatchObject({ path: "/v1/chat/completions", authorization: `Bearer ${KEY}`, body: { model: "echo-talker" } });

    const streamed = streamText({ model, prompt: "streamed words" });
    expect(await streamed.text).toBe("You said: streamed words");
    expect((await streamed.usage).outputTokens).toBeGreaterThan(0);
  });

  it("refuses a provider with no key", async () => {
    await expect(languageModel("anthropic/claude-sonnet-4-5", null, env)).rejects.toThrow(/ANTHROPIC_API_KEY/);
  });
});
