// Mastra's MCP client (@mastra/mcp) on /mcp, as a Mastra agent is given its tools: an MCPClient
// whose listTools() names them `<server>_<tool>`, handed to an Agent. By default it probes for
// 2026-07-28 (server/discover); `protocolVersion: "legacy"` makes it open a 2025 session.
//
// @mastra/mcp 2.0.0 declares Node >= 22.13, but it loads and runs on the Node 20 vitest runs on,
// so it is tested in-process like the other library clients.
import { describe, expect, it } from "vitest";
import { Agent } from "@mastra/core/agent";
import { createMockModel } from "@mastra/core/test-utils/llm-mock";
import { MCPClient } from "@mastra/mcp";
import { realClientKit } from "@/test/real-client-kit";

const { harness, recordOf, takeErrorOutput, approveWaiting } = realClientKit();

type Execute = (input: unknown, context?: { abortSignal?: AbortSignal }) => Promise<unknown>;

describe.each([
  ["2026-07-28", undefined],
  ["2025-11-25", "legacy"],
] as const)("@mastra/mcp (Mastra's MCP client) on %s", (era, protocolVersion) => {
  // Mastra names its client in clientInfo after the server's key in its configuration, version 1.0.0.
  const serverKey = (purpose: string): string => `mastra-${purpose}-${era.slice(0, 4)}`;
  const open: MCPClient[] = [];
  const connect = (key: string): MCPClient => {
    const mcp = new MCPClient({
      id: key,
      servers: {
        [key]: {
          url: new URL(`${harness.door().base}/mcp`),
          requestInit: { headers: { Authorization: `Bearer ${harness.tokens.olga}` } },
          ...(protocolVersion ? { protocolVersion } : {}),
        },
      },
    });
    open.push(mcp);
    return mcp;
  };
  /** A tool's execute, as an agent calls it (Mastra types the context its agents pass in full). */
  const executeOf = (tools: Record<string, { execute?: unknown }>, key: string, name: string): Execute => {
    const tool = tools[`${key}_${name}`];
    expect(tool?.execute, `${name} among Mastra's tools`).toBeDefined();
    return (tool!.execute as Execute).bind(tool);
  };
  const closeAll = async (): Promise<void> => void (await Promise.all(open.splice(0).map((mcp) => mcp.disconnect())));

  it("lists every tool of the person, hands them to an agent's model, and calls one, audited via the agent", async () => {
    const key = serverKey("walk");
    const mcp = connect(key);
    try {
      const tools = await mcp.listTools();
      expect(mcp.getServerProtocolVersions()[key]).toBe(era);
      // Every tool /mcp lists, none dropped: plan_project's recursive $ref included.
      const listed = (await (await harness.agent(harness.tokens.olga)).listTools()).tools.map((tool) => `${key}_${tool.name}`);
      expect(Object.keys(tools).sort()).toEqual(listed.sort());
      expect(listed).toContain(`${key}_demo__plan_project`);

      // What an Agent hands its model: each tool, the recursive schema as it was given.
      let handed: Array<{ name: string; inputSchema: unknown }> = [];
      const model = createMockModel({
        version: "v2",
        mockText: "Done.",
        spyGenerate: (call: { tools: typeof handed }) => (handed = call.tools),
      });
      await new Agent({ id: key, name: key, instructions: "Plan.", model: model as never, tools }).generate("Plan a project.");
      expect(handed.map((tool) => tool.name).sort()).toEqual(listed.sort());
      expect(JSON.stringify(handed.find((tool) => tool.name === `${key}_demo__plan_project`)?.inputSchema)).toContain(
        '"$ref":"#/$defs/task"',
      );

      const weather = await executeOf(tools, key, "demo__get_weather")({ city: "Oslo" });
      expect(JSON.stringify(weather)).toContain("Oslo");
      const planProject = executeOf(tools, key, "demo__plan_project");
      const plan = await planProject({
        project: "Launch",
        tasks: [{ name: "Build", estimateHours: 2, subtasks: [{ name: "Test", estimateHours: 3 }] }],
      });
      expect(JSON.stringify(plan)).toContain("Launch: 5 hours in all.");
      await recordOf(`agent:${key} 1.0.0`, "get_weather");
    } finally {
      await closeAll();
    }
  });

  // Its client (the SDK's v2) sends notifications/cancelled on a 2025 session, which the spec says
  // cancels the call; on 2026-07-28 it ends the request, which is the cancel there. Mastra logs the
  // abort it was asked for as an error of the tool's (the SDK's AbortError, raised in the client):
  // that line, and only it, is Mastra's own doing.
  it("cancels a call mid-way: the record says cancelled", async () => {
    const key = serverKey("cancel");
    const mcp = connect(key);
    try {
      const abort = new AbortController();
      const call = executeOf(await mcp.listTools(), key, "demo__slow_task")({ steps: 100, stepMs: 200 }, { abortSignal: abort.signal });
      await recordOf(`agent:${key} 1.0.0`, "slow_task");
      abort.abort();
      await expect(call).rejects.toThrow(/aborted/);
      expect(takeErrorOutput(/Error calling tool: demo__slow_task .*AbortError: This operation was aborted/)).toHaveLength(1);
      await recordOf(`agent:${key} 1.0.0`, "slow_task", (r) => r.outcome === "cancelled");
    } finally {
      await closeAll();
    }
  });

  it("waits through a destructive call until its person approves it", async () => {
    const key = serverKey("approval");
    const mcp = connect(key);
    try {
      const call = executeOf(await mcp.listTools(), key, "demo__delete_note")({ id: "n-mastra" });
      const approval = await approveWaiting(harness.tokens.olga, "delete_note");
      expect(approval.client).toBe(`${key} 1.0.0`);
      expect(JSON.stringify(await call)).toContain("n-mastra");
    } finally {
      await closeAll();
    }
  });
});
