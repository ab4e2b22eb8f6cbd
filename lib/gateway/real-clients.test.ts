// Popular MCP clients on /mcp, as a team's agents would reach it: each lists the person's tools,
// calls one, cancels one mid-call, and waits through a call a person approves, with nothing on
// its error output. The official SDK's client is tested throughout lib/gateway; this file holds
// the others (from npm, as devDependencies). The Vercel AI SDK's @ai-sdk/mcp first.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createMCPClient } from "@ai-sdk/mcp";
import { listAudit } from "@/lib/audit/query";
import { readerOf } from "@/lib/audit/visibility";
import { BOOTSTRAP_ADMIN } from "@/test/callers";
import { approvalsHarness } from "@/test/approvals-harness";

const harness = approvalsHarness("sqlite", { opsTimeoutSeconds: 60 });
const ADMIN_READER = readerOf(BOOTSTRAP_ADMIN, new Set());

/** What a client wrote to the console's error and warning output while the test ran. */
const noise: string[] = [];
beforeAll(() => {
  for (const level of ["error", "warn"] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void noise.push(args.map(String).join(" ")));
});
afterEach(() => {
  expect(noise, "the client's error output").toEqual([]);
  noise.length = 0;
});
afterAll(() => vi.restoreAllMocks());

/** The audit record of an agent's call, once it is there. */
async function recordOf(via: string, toolName: string, where: (record: { outcome: string }) => boolean = () => true) {
  let found: Awaited<ReturnType<typeof listAudit>>["records"][number] | undefined;
  // As long as a busy machine needs: it ends as soon as the record is there.
  await expect
    .poll(
      async () => {
        found = (await listAudit({ via, limit: 50 }, ADMIN_READER)).records.find((r) => r.tool_name === toolName && where(r));
        return found;
      },
      { timeout: 30_000 },
    )
    .toBeDefined();
  return found!;
}

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
      const approval = await harness.waitingFor(harness.tokens.olga, "delete_note");
      expect(approval.client).toBe(`ai-sdk-approval-${discovery ? "2026" : "2025"} 6.0.0`);
      expect((await harness.api(harness.tokens.olga, "POST", `/api/approvals/${approval.id}`, { decision: "approve" })).status).toBe(200);
      const result = await call;
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });
});
