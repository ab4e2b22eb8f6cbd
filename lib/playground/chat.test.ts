// A chat turn in the playground, end to end in this process: a local Toolscope with its demo
// server, a scripted OpenAI-compatible model (test/scripted-model-server.ts) that calls a demo
// tool. The model is offered the tools as the person's agent on /mcp would be; its call goes
// through the pipeline and is audited as the person's, via the playground and the model; a viewer
// gives the model no tools; the key is in nothing the turn hands back.
import { describe, expect, it } from "vitest";
import { listAudit } from "@/lib/audit/query";
import { readerOf } from "@/lib/audit/visibility";
import { localCaller } from "@/lib/auth/identify";
import type { Caller } from "@/lib/domain/roles";
import type { CallToolResult } from "@/lib/domain/mcp-types";
import { APP_META } from "@/lib/domain/result-meta";
import { playgroundHarness } from "@/test/playground-harness";
import { callsTool } from "@/test/scripted-model-server";
import { chatTurn, modelOutput } from "./chat";

const KEY = "sk-playground-5e1b77";
const models = playgroundHarness(KEY, {
  "weather-bot": callsTool("__get_weather", "city"),
  "quiet-bot": () => ({ text: "Nothing to call." }),
  "board-bot": (request) =>
    request.messages.at(-1)?.role === "tool"
      ? { text: "Here is the board." }
      : { toolCalls: [{ name: "demo__notes_board", arguments: {} }] },
});
const person: Caller = localCaller("127.0.0.1").caller;

const turn = (caller: Caller, model: string, words: string) =>
  chatTurn({
    caller,
    model,
    messages: [{ role: "user", content: words }],
    system: "You check the weather.",
    signal: AbortSignal.timeout(30_000),
  });

describe("chatTurn", () => {
  it("lets the model call a demo tool through the pipeline, audited via the playground and the model", async () => {
    const result = await turn(person, "openai/weather-bot", "Porto");
    const text = await result.text;
    expect(text).toMatch(/^The tool answered: .*Porto/s);
    const steps = await result.steps;
    expect(steps).toHaveLength(2);
    expect(steps[0]!.toolCalls.map((call) => [call.toolName, call.input])).toEqual([["demo__get_weather", { city: "Porto" }]]);

    // What the model was offered: the tools as /mcp lists them, schemas and all, and the system prompt.
    const first = models.server().requests.find((request) => request.body?.model === "weather-bot")!;
    const offered = first.body!.tools!.map((entry) => entry.function.name);
    expect(offered).toContain("demo__get_weather");
    expect(offered.every((name) => name.startsWith("demo__"))).toBe(true);
    const weather = first.body!.tools!.find((entry) => entry.function.name === "demo__get_weather")!;
    expect(weather.function.parameters).toMatchObject({ type: "object", properties: { city: expect.any(Object) } });
    expect(first.body!.messages[0]).toMatchObject({ role: "system", content: "You check the weather." });

    const { records } = await listAudit({ via: "playground:openai/weather-bot", limit: 10 }, readerOf(person, new Set()));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ tool_name: "get_weather", server_id: "demo", outcome: "ok", via: "playground:openai/weather-bot" });
    expect(JSON.stringify(await result.response)).not.toContain(KEY);
  });

  it("marks the answer of a tool with an MCP App for the page, and gives the model only its content", async () => {
    const result = await turn(person, "openai/board-bot", "Show the board");
    expect(await result.text).toBe("Here is the board.");
    const [output] = (await result.steps)[0]!.toolResults.map((entry) => entry.output as CallToolResult);
    expect(output!._meta?.[APP_META]).toEqual({ serverId: "demo", tool: "notes_board", resourceUri: "ui://demo/notes-board.html" });
    const toModel = models
      .server()
      .requests.filter((request) => request.body?.model === "board-bot")
      .at(-1)!
      .body!.messages.at(-1);
    expect(JSON.stringify(toModel)).not.toContain(APP_META);
    // A tool without an app is not marked.
    const weather = await turn(person, "openai/weather-bot", "Oslo");
    const [plain] = (await weather.steps)[0]!.toolResults.map((entry) => entry.output as CallToolResult);
    expect(plain!._meta?.[APP_META]).toBeUndefined();
  });

  it("gives the model no tools when the person may call none", async () => {
    const viewer: Caller = { ...person, role: "viewer" };
    const result = await turn(viewer, "openai/weather-bot", "Lisbon");
    expect(await result.text).toBe("No tool ending in __get_weather was offered.");
    const asked = models
      .server()
      .requests.filter((request) => request.body?.model === "weather-bot")
      .at(-1)!;
    expect(asked.body!.tools ?? []).toEqual([]);
  });

  it("answers without a tool when the model calls none", async () => {
    const result = await turn(person, "openai/quiet-bot", "Hello");
    expect(await result.text).toBe("Nothing to call.");
    expect(await result.steps).toHaveLength(1);
  });
});

describe("modelOutput", () => {
  it("gives the model a result's text, structured content without text as JSON, and an error as an error", () => {
    expect(
      modelOutput({
        content: [
          { type: "text", text: "a" },
          { type: "image", data: "AAAA", mimeType: "image/png" },
        ],
      }),
    ).toEqual({
      type: "text",
      value: "a\n[image image/png]",
    });
    expect(modelOutput({ content: [], structuredContent: { n: 1 } })).toEqual({ type: "json", value: { n: 1 } });
    expect(modelOutput({ content: [{ type: "text", text: "no such city" }], isError: true })).toEqual({
      type: "error-text",
      value: "no such city",
    });
    expect(modelOutput({ content: [], isError: true })).toEqual({ type: "error-text", value: "The tool reported an error." });
  });
});
