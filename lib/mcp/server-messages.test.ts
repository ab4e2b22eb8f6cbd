import { describe, expect, it } from "vitest";
import { ServerConfigSchema } from "../domain/server-config";
import {
  forgetServerMessages,
  recordNotice,
  recordServerMessage,
  SERVER_MESSAGES,
  SERVER_NOTICES,
  serverMessages,
  serverNotices,
} from "./server-messages";

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

  it("keeps the other notifications either way, each in a line, secrets masked, requests and log messages left out", () => {
    const note = (method: string, params?: Record<string, unknown>) => ({ jsonrpc: "2.0" as const, method, ...(params ? { params } : {}) });
    recordNotice(config, "shared", "in", note("notifications/progress", { progressToken: 7, progress: 2, total: 5, message: "halfway" }));
    recordNotice(config, "shared", "out", note("notifications/cancelled", { requestId: 12, reason: "The person pressed Cancel" }));
    recordNotice(config, "shared", "in", note("notifications/resources/updated", { uri: "demo://clock/now" }));
    recordNotice(config, "shared", "in", note("notifications/tools/list_changed"));
    recordNotice(
      config,
      "shared",
      "in",
      note("notifications/tasks/status", { taskId: "t1", status: "working", token: "sk-header-secret-123" }),
    );
    recordNotice(config, "shared", "in", note("notifications/message", { level: "info", data: "kept with the log instead" }));
    recordNotice(config, "shared", "out", { jsonrpc: "2.0", id: 3, method: "tools/list" });
    const kept = serverNotices("logged", "shared");
    expect(kept.slice(0, 4).map(({ direction, method, text }) => [direction, method, text])).toEqual([
      ["in", "notifications/progress", "2 of 5 · halfway (token 7)"],
      ["out", "notifications/cancelled", "request 12 · The person pressed Cancel"],
      ["in", "notifications/resources/updated", "demo://clock/now"],
      ["in", "notifications/tools/list_changed", ""],
    ]);
    expect(kept).toHaveLength(5);
    expect(kept[4]).toMatchObject({
      method: "notifications/tasks/status",
      text: expect.stringContaining('"taskId":"t1","status":"working"'),
    });
    expect(serverNotices("logged", "shared").at(-1)?.text).not.toContain("sk-header-secret-123");
    for (let i = 0; i < SERVER_NOTICES + 1; i++)
      recordNotice(config, "shared", "in", note("notifications/progress", { progressToken: 1, progress: i }));
    expect(serverNotices("logged", "shared")).toHaveLength(SERVER_NOTICES);
    forgetServerMessages("logged");
    expect(serverNotices("logged", "shared")).toEqual([]);
  });
});
