// LangChain's MCP adapters (@langchain/mcp-adapters) on /mcp, as a LangChain user wires them:
// a MultiServerMCPClient whose tools a model (or a LangGraph agent) is handed. The adapters run on
// the official SDK's v1 client, which speaks the 2025 revisions only: a session, and a GET stream.
import { describe, expect, it } from "vitest";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { realClientKit } from "@/test/real-client-kit";

const { harness, recordOf, approveWaiting } = realClientKit();
// The adapters name themselves after their package in clientInfo; a user cannot change it.
const VIA = "agent:@langchain/mcp-adapters 1.1.4";

function connect(): MultiServerMCPClient {
  return new MultiServerMCPClient({
    mcpServers: {
      toolscope: {
        transport: "http",
        url: `${harness.door().base}/mcp`,
        headers: { Authorization: `Bearer ${harness.tokens.olga}` },
        // Toolscope serves Streamable HTTP only; a failure should be seen, not retried over SSE.
        automaticSSEFallback: false,
      },
    },
    // A LangChain user's choice; it keeps the test's assertions about the errors, not the retries.
    onConnectionError: "throw",
  });
}

async function toolOf(client: MultiServerMCPClient, name: string) {
  const tool = (await client.getTools()).find((t) => t.name === name);
  expect(tool, `${name} among the tools LangChain hands a model`).toBeDefined();
  return tool!;
}

describe("@langchain/mcp-adapters (LangChain's MCP client) on a 2025 session", () => {
  it("lists the person's tools and calls one, audited via the agent", async () => {
    const client = connect();
    try {
      const names = (await client.getTools()).map((tool) => tool.name);
      expect(names).toContain("demo__get_weather");
      // Every demo tool is handed on, the recursive $ref of plan_project included.
      expect(names).toContain("demo__plan_project");
      const result: unknown = await (await toolOf(client, "demo__get_weather")).invoke({ city: "Oslo" });
      expect(JSON.stringify(result)).toContain("Oslo");
      // The raw client, for what the tool wrapper leaves out.
      const raw = await client.getClient("toolscope");
      expect(raw?.getServerVersion()?.name).toBeTruthy();
      await recordOf(VIA, "get_weather");
    } finally {
      await client.close();
    }
  });

  // Its client (the SDK's v1) sends notifications/cancelled when a call is aborted, and the spec
  // says that cancels it, on a 2025 session as on any.
  it("cancels a call mid-way (notifications/cancelled): the record says cancelled", async () => {
    const client = connect();
    try {
      const abort = new AbortController();
      const call = (await toolOf(client, "demo__slow_task")).invoke({ steps: 100, stepMs: 200 }, { signal: abort.signal });
      await recordOf(VIA, "slow_task");
      abort.abort();
      await expect(call).rejects.toThrow();
      await recordOf(VIA, "slow_task", (r) => r.outcome === "cancelled");
    } finally {
      await client.close();
    }
  });

  it("waits through a destructive call until its person approves it", async () => {
    const client = connect();
    try {
      const call = (await toolOf(client, "demo__delete_note")).invoke({ id: "n-langchain" });
      const approval = await approveWaiting(harness.tokens.olga, "delete_note");
      expect(approval.client).toBe("@langchain/mcp-adapters 1.1.4");
      expect(JSON.stringify(await call)).toContain("n-langchain");
    } finally {
      await client.close();
    }
  });
});
