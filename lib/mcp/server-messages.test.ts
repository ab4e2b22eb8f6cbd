import { describe, expect, it } from "vitest";
import { ServerConfigSchema } from "../domain/server-config";
import { forgetServerMessages, recordServerMessage, SERVER_MESSAGES, serverMessages } from "./server-messages";

const config = ServerConfigSchema.parse({
  id: "logged",
  name: "Logged",
  transport: "streamable-http",
  url: "http://127.0.0.1:9/mcp",
  headers: { authorization: "Bearer sk-header-secret-123" },
});

describe("a server's log messages", () => {
  it("keeps the last 200 of each connection, data as text, the config's secrets masked", () => {
    for (let i = 0; i < SERVER_MESSAGES + 5; i++) recordServerMessage(config, "shared", { level: "info", data: `message ${i}` });
    recordServerMessage(config, "shared", { level: "error", logger: "auth", data: { token: "sk-header-secret-123", ok: false } });
    recordServerMessage(config, "user-ada", { level: "debug", data: "Ada's own" });
    const shared = serverMessages("logged", "shared");
    expect(shared).toHaveLength(SERVER_MESSAGES);
    expect(shared[0]?.text).toBe("message 6");
    expect(shared.at(-1)).toMatchObject({ level: "error", logger: "auth" });
    expect(shared.at(-1)?.text).not.toContain("sk-header-secret-123");
    expect(serverMessages("logged", "user-ada").map((m) => m.text)).toEqual(["Ada's own"]);
  });

  it("forgets a server's messages, every connection's", () => {
    forgetServerMessages("logged");
    expect(serverMessages("logged", "shared")).toEqual([]);
    expect(serverMessages("logged", "user-ada")).toEqual([]);
  });
});
