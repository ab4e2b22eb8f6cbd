// Tasks through /mcp for 2026-07-28 agents (the tasks extension, SEP-2663), with the official SDK
// client and @modelcontextprotocol/ext-tasks's requester session as the agent: every 2026 server
// declares the extension; a call becomes a task only when its request declares the extension and
// the target runs the tool as one; the task starts at the target through the audited pipeline
// after any approval; tasks/get relays its status and inlines its outcome; tasks/cancel cancels at
// the target; another person's id, or a request without the extension, reaches nothing. The
// target is the failures fixture, whose tools all run as tasks ("jobs"); its `succeed` waits for
// a person.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTaskSessionFromClient,
  resultFromTaskOutcome,
  TaskFailedError,
  type JsonRpcResponse,
  type RawClientDispatch,
  type TaskEnabledSession,
} from "@modelcontextprotocol/ext-tasks/client";
import { StreamableHTTPClientTransport, type CallToolResult, type ClientOptions, type JSONRPCMessage } from "@modelcontextprotocol/client";
import type { JsonValue } from "@modelcontextprotocol/ext-tasks/core";
import { listAudit } from "@/lib/audit/query";
import { readerOf } from "@/lib/audit/visibility";
import { listToolTasks } from "@/lib/calls/tasks";
import type { ApprovalView } from "@/lib/domain/approvals";
import { connectionFor } from "@/lib/mcp/pool";
import { addServer } from "@/lib/mcp/servers";
import { saveServerPolicy } from "@/lib/policy/policy-store";
import { approvalsHarness } from "@/test/approvals-harness";
import { BOOTSTRAP_ADMIN } from "@/test/callers";
import { stdioCommand } from "@/test/fixtures/spawn";
import { AUDIT_META, OUTCOME_META } from "./agent-call";

const { tokens, agent, api, callerFor, waitingFor, door } = approvalsHarness("sqlite", { opsTimeoutSeconds: 30 });
const MODERN: ClientOptions = { versionNegotiation: { mode: { pin: "2026-07-28" } } };
const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";
const closing: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  // Trusted: its read-only hints are believed, so only `succeed` waits for a person.
  await addServer("jobs", { ...stdioCommand("failures.ts", "stdio"), trusted: true }, BOOTSTRAP_ADMIN);
  await saveServerPolicy("jobs", { agents: { tools: { succeed: "wait" } } }, null);
  await (await connectionFor("jobs")).ready();
}, 60_000);

afterAll(async () => {
  for (const close of closing) await close().catch(() => undefined);
});

/**
 * The host's raw request path ext-tasks asks for on 2026-07-28 (the SDK client's typed surface
 * refuses task methods and `resultType: "task"`): a transport of its own, which sets the
 * MCP-Protocol-Version, Mcp-Method and Mcp-Name headers from each framed request.
 */
async function rawPath(token: string): Promise<RawClientDispatch> {
  const transport = new StreamableHTTPClientTransport(new URL(`${door().base}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const waiting = new Map<string | number, (answer: JsonRpcResponse) => void>();
  transport.onmessage = (message) => {
    const answer = message as { id?: string | number; result?: unknown; error?: unknown };
    const answered = answer.id === undefined ? undefined : waiting.get(answer.id);
    if (!answered) return;
    waiting.delete(answer.id!);
    answered(answer.error ? { kind: "error", error: answer.error as never } : { kind: "result", result: answer.result as never });
  };
  await transport.start();
  closing.push(() => transport.close());
  let next = 0;
  return async (request) => {
    const id = `raw-${++next}`;
    const answer = new Promise<JsonRpcResponse>((resolve) => waiting.set(id, resolve));
    await transport.send({ ...(request as object), jsonrpc: "2.0", id } as JSONRPCMessage);
    return answer;
  };
}

const framing = (name: string) => ({ protocolVersion: "2026-07-28", clientInfo: { name, version: "1.0.0" }, clientCapabilities: {} });

/** A 2026-07-28 agent whose requests declare the tasks extension (ext-tasks's session over the SDK client). */
async function tasksAgent(token: string, name = "task-bot"): Promise<{ session: TaskEnabledSession; raw: RawClientDispatch }> {
  const client = await agent(token, { name, version: "1.0.0", client: MODERN });
  const raw = await rawPath(token);
  const session = createTaskSessionFromClient(client, {
    endpointId: `toolscope ${name}`,
    rawDispatch: raw,
    v2RequestFraming: framing(name),
  });
  closing.unshift(() => session.close());
  return { session, raw };
}

/** A request exactly as sent through the raw path: framed as a 2026 request, with or without the extension. */
const framed = (method: string, params: Record<string, JsonValue>, extension: boolean): JsonValue => ({
  method,
  params: {
    ...params,
    _meta: {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientInfo": { name: "raw-bot", version: "1.0.0" },
      "io.modelcontextprotocol/clientCapabilities": { extensions: extension ? { [TASKS_EXTENSION]: {} } : {} },
    },
  },
});

const recordsOf = async (client: string) =>
  (await listAudit({ via: `agent:${client} 1.0.0`, limit: 50 }, readerOf(BOOTSTRAP_ADMIN, new Set()))).records;
const recordOf = async (client: string, auditId: string) => (await recordsOf(client)).find((record) => record.id === auditId);

describe("tasks through /mcp for 2026-07-28 agents (the tasks extension)", () => {
  it("declares the extension, and makes a call a task only when the request declares it and the tool runs as one", async () => {
    const plain = await agent(tokens.olga!, { client: MODERN });
    expect(plain.getServerCapabilities()?.extensions?.[TASKS_EXTENSION]).toEqual({});
    // 2026 has no `execution` on tools: the server decides.
    expect((await plain.listTools()).tools.find((tool) => tool.name === "jobs__slow")?.execution).toBeUndefined();
    // A request without the extension: a plain call, as before.
    expect((await plain.callTool({ name: "jobs__slow", arguments: { ms: 10 } })).content).toEqual([
      { type: "text", text: "slow finished" },
    ]);

    const { session } = await tasksAgent(tokens.olga!);
    const asTask = await session.callTool("jobs__slow", { ms: 10 });
    expect(asTask.kind).toBe("task");
    expect(resultFromTaskOutcome((await asTask.settle()).outcome)).toMatchObject({ content: [{ type: "text", text: "slow finished" }] });
    // A tool its target does not run as a task (the demo server runs none) is answered at once, even to this agent.
    const immediate = await session.callTool("demo__list_notes", {});
    expect(immediate.kind).toBe("immediate");
    expect(resultFromTaskOutcome((await immediate.settle()).outcome)).toMatchObject({ structuredContent: { notes: expect.any(Array) } });
  });

  it("starts a task at once, relays its status to completion, and inlines its outcome as audited", async () => {
    const { session } = await tasksAgent(tokens.olga!, "task-bot-a");
    const execution = await session.callTool("jobs__slow", { ms: 1_500 });
    expect(execution.kind).toBe("task");
    const statuses: string[] = [];
    const { outcome } = await execution.settle({ onEvent: (event) => void (event.type === "task" && statuses.push(event.task.status)) });
    expect(statuses[0]).toBe("working");
    const result = resultFromTaskOutcome(outcome) as CallToolResult;
    expect(result.content).toEqual([{ type: "text", text: "slow finished" }]);
    const auditId = result._meta?.[AUDIT_META] as string;
    await expect.poll(async () => (await recordOf("task-bot-a", auditId))?.outcome, { timeout: 30_000 }).toBe("ok");
    expect(await recordOf("task-bot-a", auditId)).toMatchObject({ server_id: "jobs", tool_name: "slow", token_name: "olga's agent" });
    expect((await recordOf("task-bot-a", auditId))?.actor).toContain("olga@example.com");
    // One call, one record: the task's status polls are no calls of their own.
    expect((await recordsOf("task-bot-a")).map((record) => record.id)).toEqual([auditId]);
  });

  it("ends a tool error as completed, and a target's JSON-RPC error as failed with its code", async () => {
    const { session } = await tasksAgent(tokens.olga!, "task-bot-b");
    const toolError = await (await session.callTool("jobs__tool_error", {})).settle();
    expect(toolError.outcome.status).toBe("completed");
    expect(resultFromTaskOutcome(toolError.outcome)).toMatchObject({
      isError: true,
      content: [{ type: "text", text: "The tool failed on purpose." }],
    });
    const refused = await (await session.callTool("jobs__refuse", {})).settle();
    expect(refused.outcome.status).toBe("failed");
    const error = refused.outcome.status === "failed" ? refused.outcome.error : undefined;
    expect(error).toBeInstanceOf(TaskFailedError);
    expect(error?.code).toBe(-32001);
    expect((await recordsOf("task-bot-b")).map((record) => record.outcome).sort()).toEqual(["protocol_error", "tool_error"]);
  });

  it("cancels a task at the target, and the audit record says cancelled", async () => {
    const { session } = await tasksAgent(tokens.olga!, "task-bot-c");
    const execution = await session.callTool("jobs__slow", { ms: 120_000 });
    expect(execution.kind).toBe("task");
    await execution.cancel();
    const [record] = await recordsOf("task-bot-c");
    await expect.poll(async () => (await recordOf("task-bot-c", record!.id))?.outcome, { timeout: 30_000 }).toBe("cancelled");
    // The target was told: its own task says so.
    const listed = (await listToolTasks("jobs", await callerFor(tokens.olga!))).find((entry) => entry.auditId === record!.id)!;
    expect(((await (await connectionFor("jobs")).taskRequest("tasks/get", listed.taskId)) as { status: string }).status).toBe("cancelled");
  });

  it("is the task of the person who started it only, and of an agent that declares the extension", async () => {
    const { raw } = await tasksAgent(tokens.olga!, "task-bot-d");
    const created = await raw(framed("tools/call", { name: "jobs__slow", arguments: { ms: 2_000 } }, true));
    expect(created).toMatchObject({ kind: "result", result: { resultType: "task", status: "working" } });
    const taskId = created.kind === "result" ? String((created.result as { taskId?: unknown }).taskId) : "";
    const pias = await rawPath(tokens.pia!);
    for (const method of ["tasks/get", "tasks/update", "tasks/cancel"]) {
      const params: Record<string, JsonValue> = method === "tasks/update" ? { taskId, inputResponses: {} } : { taskId };
      expect(await pias(framed(method, params, true))).toMatchObject({ kind: "error", error: { code: -32602 } });
      // The spec's -32021 for a request that does not declare the extension, naming it.
      expect(await raw(framed(method, params, false))).toMatchObject({
        kind: "error",
        error: { code: -32021, data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } } },
      });
    }
    expect(await raw(framed("tasks/get", { taskId: `${taskId}x` }, true))).toMatchObject({ kind: "error", error: { code: -32602 } });
    // Nothing of the task's is ever outstanding: an answer is acknowledged, and ignored.
    const answer = { inputResponses: { name: { action: "accept", content: { name: "Olga" } } } };
    expect(await raw(framed("tasks/update", { taskId, ...answer }, true))).toMatchObject({
      kind: "result",
      result: { resultType: "complete" },
    });
    // Olga's own task ran on, untouched, to its end.
    await expect
      .poll(async () => ((await raw(framed("tasks/get", { taskId }, true))) as { result?: { status?: string } }).result?.status, {
        timeout: 30_000,
      })
      .toBe("completed");
    expect(await raw(framed("tasks/get", { taskId }, true))).toMatchObject({
      result: { resultType: "complete", status: "completed", result: { content: [{ type: "text", text: "slow finished" }] } },
    });
  });

  it("waits for a person before the task starts at the target; denied, no task and no call", async () => {
    const { session } = await tasksAgent(tokens.olga!, "task-bot-e");
    const pending = session.callTool("jobs__succeed", { message: "approved work" });
    const approval = await waitingFor(tokens.olga!, "succeed");
    expect(await listToolTasks("jobs", await callerFor(tokens.olga!))).not.toContainEqual(expect.objectContaining({ toolName: "succeed" }));
    expect((await api<ApprovalView>(tokens.olga!, "POST", `/api/approvals/${approval.id}`, { decision: "approve" })).status).toBe(200);
    const execution = await pending;
    expect(execution.kind).toBe("task");
    const result = resultFromTaskOutcome((await execution.settle()).outcome) as CallToolResult;
    expect(result.content).toEqual([{ type: "text", text: "approved work" }]);
    const auditId = result._meta?.[AUDIT_META] as string;
    await expect.poll(async () => (await recordOf("task-bot-e", auditId))?.outcome, { timeout: 30_000 }).toBe("ok");
    expect((await recordOf("task-bot-e", auditId))?.reason).toMatch(/^Approved by .* \(approval /);

    const denied = session.callTool("jobs__succeed", { message: "never" });
    const second = await waitingFor(tokens.olga!, "succeed");
    await api(tokens.olga!, "POST", `/api/approvals/${second.id}`, { decision: "deny", reason: "not today" });
    const answer = await denied;
    expect(answer.kind).toBe("immediate");
    expect(resultFromTaskOutcome((await answer.settle()).outcome)).toMatchObject({ isError: true, _meta: { [OUTCOME_META]: "denied" } });
    const started = (await listToolTasks("jobs", await callerFor(tokens.olga!))).filter((entry) => entry.toolName === "succeed");
    expect(started.map((entry) => entry.auditId)).toEqual([auditId]);
  });
});
