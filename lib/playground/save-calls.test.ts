// A chat's tool calls saved as a collection: each under the server and tool it went to, and a
// name the person may not call through the chat's tools refused with nothing saved.
import { describe, expect, it } from "vitest";
import { localCaller } from "@/lib/auth/identify";
import { getCollection } from "@/lib/saved/saved-calls";
import { playgroundHarness } from "@/test/playground-harness";
import { saveChatCalls, SaveChatCallsSchema } from "./save-calls";

playgroundHarness("sk-save-calls-1", {});
const person = localCaller("127.0.0.1").caller;

describe("saveChatCalls", () => {
  it("keeps each call under its server and tool, in order", async () => {
    const input = SaveChatCallsSchema.parse({
      name: "Weather chat",
      model: "openai/weather-bot",
      calls: [
        { tool: "demo__get_weather", arguments: { city: "Porto" } },
        { tool: "demo__echo", arguments: { message: "hi" } },
      ],
    });
    const { collection } = await saveChatCalls(input, person);
    const { collection: stored } = await getCollection(collection.id, person);
    expect(stored.description).toBe("The tool calls openai/weather-bot made in a chat in the playground.");
    expect(stored.calls.map((c) => [c.name, c.serverId, c.toolName, c.arguments])).toEqual([
      ["1. get_weather", "demo", "get_weather", { city: "Porto" }],
      ["2. echo", "demo", "echo", { message: "hi" }],
    ]);
  });

  it("saves nothing when a call's tool is not among the chat's tools", async () => {
    const input = SaveChatCallsSchema.parse({
      name: "Elsewhere",
      servers: ["nosuchserver"],
      calls: [{ tool: "demo__get_weather", arguments: { city: "Porto" } }],
    });
    await expect(saveChatCalls(input, person)).rejects.toThrow("demo__get_weather is not a tool you may call through /mcp (nosuchserver)");
  });
});
