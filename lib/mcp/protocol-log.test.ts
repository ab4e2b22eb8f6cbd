// The protocol view's record: every message both ways, a response named by its request's method,
// secrets out of what a person sees but kept for "send again", bounded per connection.
import { describe, expect, it } from "vitest";
import { ServerConfigSchema } from "../domain/server-config";
import { forgetProtocolMessages, PROTOCOL_MESSAGES, protocolMessages, recordProtocolMessage, sentRequest } from "./protocol-log";

const config = ServerConfigSchema.parse({
  id: "wire",
  name: "Wire",
  transport: "streamable-http",
  url: "http://127.0.0.1:9/mcp",
  headers: { authorization: "Bearer sk-header-secret-123" },
});
const SHARED = "shared";

describe("the protocol log", () => {
  it("keeps both ways, names a response by its request, masks secrets and keeps what was sent", () => {
    forgetProtocolMessages("wire");
    const call = {
      jsonrpc: "2.0" as const,
      id: 7,
      method: "tools/call",
      params: {
        name: "login",
        arguments: { user: "ada", password: "hunter2-very-secret", note: "token sk-header-secret-123" },
        _meta: { progressToken: 7 },
      },
    };
    recordProtocolMessage(config, SHARED, "out", call);
    recordProtocolMessage(config, SHARED, "in", {
      jsonrpc: "2.0",
      method: "notifications/progress",
      params: { progressToken: 7, progress: 1 },
    });
    recordProtocolMessage(config, SHARED, "in", { jsonrpc: "2.0", id: 7, result: { content: [{ type: "text", text: "ok" }] } });
    recordProtocolMessage(config, SHARED, "in", { jsonrpc: "2.0", id: 8, error: { code: -32601, message: "no" } });

    const [request, progress, response, orphan] = protocolMessages("wire", SHARED);
    expect(request).toMatchObject({ direction: "out", kind: "request", method: "tools/call", id: 7, resendable: true });
    expect(progress).toMatchObject({ direction: "in", kind: "notification", method: "notifications/progress", resendable: false });
    expect(response).toMatchObject({ direction: "in", kind: "response", method: "tools/call", id: 7, resendable: false });
    expect(orphan).toMatchObject({ kind: "error", method: null });
    // What a person sees: the password redacted, the config's secret masked, the progress token kept.
    expect(request!.json).not.toContain("hunter2-very-secret");
    expect(request!.json).not.toContain("sk-header-secret-123");
    expect(JSON.parse(request!.json)).toMatchObject({ params: { arguments: { user: "ada" }, _meta: { progressToken: 7 } } });
    // What "send again" sends: the request as it went, secrets included, never shown.
    expect(sentRequest("wire", SHARED, request!.seq)).toEqual({ method: "tools/call", params: call.params });
    expect(sentRequest("wire", SHARED, response!.seq)).toBeNull();
    // Asked for after a seq: only what came later.
    expect(protocolMessages("wire", SHARED, progress!.seq).map((m) => m.seq)).toEqual([response!.seq, orphan!.seq]);
    expect(protocolMessages("wire", "someone-else")).toEqual([]);
  });

  it("never offers the handshake again, keeps the latest 300, and cuts a long message", () => {
    forgetProtocolMessages("wire");
    recordProtocolMessage(config, SHARED, "out", { jsonrpc: "2.0", id: 0, method: "initialize", params: {} });
    expect(protocolMessages("wire", SHARED)[0]).toMatchObject({ method: "initialize", resendable: false });
    for (let i = 1; i <= PROTOCOL_MESSAGES + 5; i++)
      recordProtocolMessage(config, SHARED, "out", { jsonrpc: "2.0", id: i, method: "ping" });
    const kept = protocolMessages("wire", SHARED);
    expect(kept).toHaveLength(PROTOCOL_MESSAGES);
    expect(kept.at(-1)).toMatchObject({ id: PROTOCOL_MESSAGES + 5 });
    recordProtocolMessage(config, SHARED, "in", { jsonrpc: "2.0", id: PROTOCOL_MESSAGES + 5, result: { blob: "x".repeat(50_000) } });
    expect(protocolMessages("wire", SHARED).at(-1)).toMatchObject({ truncated: true, method: "ping" });
    // Long in many small parts, or deep: cut the same way, whenever it is read.
    recordProtocolMessage(config, SHARED, "in", { jsonrpc: "2.0", id: 1, result: { words: Array(8_000).fill("word") } });
    type Nested = { inner?: Nested; secret?: string };
    const deep: Nested = { secret: "hunter2-very-secret" };
    let node = deep;
    for (let i = 0; i < 100; i++) node = node.inner = {};
    recordProtocolMessage(config, SHARED, "in", { jsonrpc: "2.0", id: 2, result: deep as Record<string, unknown> });
    const [words, nested] = protocolMessages("wire", SHARED).slice(-2);
    expect(words).toMatchObject({ truncated: true });
    expect(words!.json).toHaveLength(32_000);
    expect(nested!.json).not.toContain("hunter2-very-secret");
    forgetProtocolMessages("wire");
    expect(protocolMessages("wire", SHARED)).toEqual([]);
  });
});
