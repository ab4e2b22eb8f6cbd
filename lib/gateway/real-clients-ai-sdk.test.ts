// Popular MCP clients on /mcp, as a team's agents would reach it: each lists the person's tools,
// calls one, cancels one mid-call, and waits through a call a person approves, with nothing on
// its error output. The official SDK's client is tested throughout lib/gateway; the others come
// from npm, as devDependencies, a file each (real-clients-*.test.ts). This one: the Vercel AI
// SDK's @ai-sdk/mcp.
import { afterEach, describe, expect, it } from "vitest";
import { createMCPClient } from "@ai-sdk/mcp";
import { realClientKit } from "@/test/real-client-kit";

const { harness, recordOf, approveWaiting } = realClientKit();

// Discovery on, it finds 2026-07-28 (server/discover) and talks per request; off, it initializes a
// 2025 session and opens a GET stream beside it, as the AI SDK did before discovery.
describe.each([
  ["2026-07-28", true],
  ["a 2025 session", false],
] as const)("@ai-sdk/mcp (the Vercel AI SDK's MCP client) on %s", (_era, discovery) => {
  const uncaught: unknown[] = [];
  const connect = (name: string) =>
    createMCPClient({
      transport: { type: "http", url: `${harness.door().base}/mcp`, headers: { Authorization: `Bearer ${harness.tokens.olga}` } },
      protocolVersionDiscovery: discovery,
      clientName: `${name}-${discovery ? "2026" : "2025"}`,
      version: "6.0.0",
      onUncaughtError: (error) => void uncaught.push(error),
    });
  afterEach(() => {
    expect(uncaught.map(String), "errors the client reported as uncaught").toEqual([]);
    uncaught.length = 0;
  });

  it("lists the person's tools and calls one, audited via the agent", async () => {
    const client = await connect("ai-sdk-walk");
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain("demo__get_weather");
      const result = await client.callTool({ name: "demo__get_weather", arguments: { city: "Oslo" } });
      expect(result.isError).toBeFalsy();
      expect(JSON.stringify(result.content)).toContain("Oslo");
      // The AI SDK's own tool set, as a model is handed it.
      expect(Object.keys(await client.tools())).toContain("demo__get_weather");
      await recordOf(`agent:ai-sdk-walk-${discovery ? "2026" : "2025"} 6.0.0`, "get_weather");
    } finally {
      await client.close();
    }
  });

  // 2026-07-28: a request that ends is cancelled. A 2025 session's hang-up is not a cancel (the spec
  // says so, and this client sends no notifications/cancelled): the call runs on to its end.
  it(discovery ? "cancels a call mid-way: the record says cancelled" : "a hang-up mid-call is not a cancel: the call ends ok", async () => {
    const client = await connect("ai-sdk-cancel");
    const via = `agent:ai-sdk-cancel-${discovery ? "2026" : "2025"} 6.0.0`;
    try {
      const abort = new AbortController();
      const args = discovery ? { steps: 100, stepMs: 200 } : { steps: 20, stepMs: 150 };
      const call = client.callTool({ name: "demo__slow_task", arguments: args, options: { signal: abort.signal } });
      await recordOf(via, "slow_task");
      abort.abort();
      await expect(call).rejects.toThrow();
      await recordOf(via, "slow_task", (r) => r.outcome === (discovery ? "cancelled" : "ok"));
    } finally {
      await client.close();
    }
  });

  it("waits through a destructive call until its person approves it", async () => {
    const client = await connect("ai-sdk-approval");
    try {
      const call = client.callTool({ name: "demo__delete_note", arguments: { id: "n-ai-sdk" } });
      const approval = await approveWaiting(harness.tokens.olga, "delete_note");
      expect(approval.client).toBe(`ai-sdk-approval-${discovery ? "2026" : "2025"} 6.0.0`);
      const result = await call;
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });
});
