// Tasks through /mcp (2025-11-25), with the official SDK client as the agent: a session whose
// client declared tasks is offered them, and sees `execution` on a tool its target runs as a
// task; a task-augmented call starts the target's task through the audited pipeline (as the
// person, via the agent) after any approval; tasks/get, tasks/result and tasks/cancel are
// relayed; tasks/list lists the session's own tasks, and the session is told when one ends;
// another person's token reaches none of it. The target is the failures fixture, whose tools all
// run as tasks ("jobs"); its `succeed` waits for a person.
import { beforeAll, describe, expect, it } from "vitest";
import { ProtocolError, type Client, type ClientOptions, type StandardSchemaV1 } from "@modelcontextprotocol/client";
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

const { tokens, agent, api, callerFor, waitingFor } = approvalsHarness("sqlite", { opsTimeoutSeconds: 30 });

beforeAll(async () => {
  // Trusted: its read-only hints are believed, so only `succeed` waits for a person.
  await addServer("jobs", { ...stdioCommand("failures.ts", "stdio"), trusted: true }, BOOTSTRAP_ADMIN);
  await saveServerPolicy("jobs", { agents: { tools: { succeed: "wait" } } }, null);
  await (await connectionFor("jobs")).ready();
}, 60_000);

/** Answers as sent: the SDK's typed surface offers no task methods, so the agent sends them as raw requests. */
const AS_SENT: StandardSchemaV1<Record<string, unknown>> = {
  "~standard": { version: 1, vendor: "test", validate: (value) => ({ value: value as Record<string, unknown> }) },
};
type Task = { taskId: string; status: string; statusMessage?: string };
const LEGACY: ClientOptions = { versionNegotiation: { mode: "legacy" } };
const TASKS: ClientOptions = { ...LEGACY, capabilities: { tasks: { cancel: {} } } as ClientOptions["capabilities"] };

const startTask = async (client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> =>
  client.request({ method: "tools/call", params: { name, arguments: args, task: { ttl: 120_000 } } }, AS_SENT, { timeout: 60_000 });
const ask = (client: Client, method: "tasks/get" | "tasks/result" | "tasks/cancel", taskId: string): Promise<Record<string, unknown>> =>
  client.request({ method, params: { taskId } }, AS_SENT, { timeout: 60_000 });
const list = async (client: Client, cursor?: string): Promise<{ tasks: Task[]; nextCursor?: string }> =>
  (await client.request({ method: "tasks/list", params: cursor ? { cursor } : {} }, AS_SENT)) as { tasks: Task[]; nextCursor?: string };
const recordOf = async (auditId: string) =>
  (await listAudit({ via: "agent:task-bot 1.0.0", limit: 50 }, readerOf(BOOTSTRAP_ADMIN, new Set()))).records.find((r) => r.id === auditId);

describe("tasks through /mcp", () => {
  it("shows `execution` and the tasks capability only to a 2025-11-25 client that declared tasks", async () => {
    const withTasks = await agent(tokens.olga!, { client: TASKS });
    const plain = await agent(tokens.olga!, { client: LEGACY });
    const modern = await agent(tokens.olga!, { client: { versionNegotiation: { mode: { pin: "2026-07-28" } } } });
    expect(withTasks.getServerCapabilities()?.tasks).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
    const slow = (await withTasks.listTools()).tools.find((tool) => tool.name === "jobs__slow");
    expect(slow?.execution).toEqual({ taskSupport: "optional" });
    // A tool whose target does not run it as a task has none, even for this client.
    expect((await withTasks.listTools()).tools.find((tool) => tool.name === "jobs__dashboard")?.execution).toBeUndefined();
    for (const client of [plain, modern]) {
      expect(client.getServerCapabilities()?.tasks).toBeUndefined();
      expect((await client.listTools()).tools.find((tool) => tool.name === "jobs__slow")?.execution).toBeUndefined();
    }
    // Called plainly, as before, whoever calls it.
    for (const client of [withTasks, plain]) {
      const result = await client.callTool({ name: "jobs__slow", arguments: { ms: 10 } });
      expect(result.content).toEqual([{ type: "text", text: "slow finished" }]);
    }
    // A task asked of a tool that does not run as one: the spec's -32601.
    const refused = await startTask(withTasks, "jobs__dashboard", {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProtocolError);
    expect((refused as ProtocolError).code).toBe(-32601);
  });

  it("starts a task at once, relays its status to completion, and answers its result as audited", async () => {
    const client = await agent(tokens.olga!, { name: "task-bot", version: "1.0.0", client: TASKS });
    const created = await startTask(client, "jobs__slow", { ms: 1_500 });
    const task = created.task as Task;
    expect(task.status).toBe("working");
    const auditId = (created._meta as Record<string, unknown>)[AUDIT_META] as string;
    expect(auditId).toBeTruthy();
    await expect.poll(async () => ((await ask(client, "tasks/get", task.taskId)) as Task).status, { timeout: 30_000 }).toBe("completed");
    const result = await ask(client, "tasks/result", task.taskId);
    expect(result.content).toEqual([{ type: "text", text: "slow finished" }]);
    expect(result._meta).toMatchObject({ [AUDIT_META]: auditId, "io.modelcontextprotocol/related-task": { taskId: task.taskId } });
    await expect.poll(async () => (await recordOf(auditId))?.outcome, { timeout: 30_000 }).toBe("ok");
    expect(await recordOf(auditId)).toMatchObject({ server_id: "jobs", tool_name: "slow", token_name: "olga's agent" });
    expect((await recordOf(auditId))?.actor).toContain("olga@example.com");
  });

  it("cancels a task at the target, and the audit record says cancelled", async () => {
    const client = await agent(tokens.olga!, { name: "task-bot", version: "1.0.0", client: TASKS });
    const created = await startTask(client, "jobs__slow", { ms: 120_000 });
    const task = created.task as Task;
    const auditId = (created._meta as Record<string, unknown>)[AUDIT_META] as string;
    const cancelled = (await ask(client, "tasks/cancel", task.taskId)) as Task;
    expect(cancelled).toMatchObject({ taskId: task.taskId, status: "cancelled" });
    await expect.poll(async () => (await recordOf(auditId))?.outcome, { timeout: 30_000 }).toBe("cancelled");
    // The target was told: its own task says so.
    const olga = await callerFor(tokens.olga!);
    const listed = (await listToolTasks("jobs", olga)).find((entry) => entry.auditId === auditId)!;
    const atTarget = (await (await connectionFor("jobs")).taskRequest("tasks/get", listed.taskId)) as Task;
    expect(atTarget.status).toBe("cancelled");
    const result = await ask(client, "tasks/result", task.taskId);
    expect(result).toMatchObject({ isError: true, _meta: { [OUTCOME_META]: "cancelled", [AUDIT_META]: auditId } });
  });

  it("is the task of the person who started it only: anyone else is told there is no such task", async () => {
    const olgas = await agent(tokens.olga!, { client: TASKS });
    const pias = await agent(tokens.pia!, { client: TASKS });
    const task = (await startTask(olgas, "jobs__slow", { ms: 2_000 })).task as Task;
    for (const method of ["tasks/get", "tasks/result", "tasks/cancel"] as const) {
      const error = await ask(pias, method, task.taskId).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProtocolError);
      expect((error as ProtocolError).code).toBe(-32602);
    }
    const forged = await ask(olgas, "tasks/get", `${task.taskId}x`).catch((caught: unknown) => caught);
    expect((forged as ProtocolError).code).toBe(-32602);
    // Olga's own task ran on, untouched.
    expect((await ask(olgas, "tasks/result", task.taskId)).content).toEqual([{ type: "text", text: "slow finished" }]);
  });

  it("waits for a person before the task starts at the target; denied, no task and no call", async () => {
    const client = await agent(tokens.olga!, { name: "task-bot", version: "1.0.0", client: TASKS });
    const pending = startTask(client, "jobs__succeed", { message: "approved work" });
    const approval = await waitingFor(tokens.olga!, "succeed");
    expect(await listToolTasks("jobs", await callerFor(tokens.olga!))).not.toContainEqual(expect.objectContaining({ toolName: "succeed" }));
    expect((await api<ApprovalView>(tokens.olga!, "POST", `/api/approvals/${approval.id}`, { decision: "approve" })).status).toBe(200);
    const created = await pending;
    const task = created.task as Task;
    const auditId = (created._meta as Record<string, unknown>)[AUDIT_META] as string;
    await expect.poll(async () => ((await ask(client, "tasks/get", task.taskId)) as Task).status, { timeout: 30_000 }).toBe("completed");
    expect((await ask(client, "tasks/result", task.taskId)).content).toEqual([{ type: "text", text: "approved work" }]);
    await expect.poll(async () => (await recordOf(auditId))?.outcome, { timeout: 30_000 }).toBe("ok");
    expect((await recordOf(auditId))?.reason).toMatch(/^Approved by .* \(approval /);

    const denied = startTask(client, "jobs__succeed", { message: "never" });
    const second = await waitingFor(tokens.olga!, "succeed");
    await api(tokens.olga!, "POST", `/api/approvals/${second.id}`, { decision: "deny", reason: "not today" });
    const answer = await denied;
    expect(answer.task).toBeUndefined();
    expect(answer).toMatchObject({ isError: true, _meta: { [OUTCOME_META]: "denied" } });
    const started = (await listToolTasks("jobs", await callerFor(tokens.olga!))).filter((entry) => entry.toolName === "succeed");
    expect(started.map((entry) => entry.auditId)).toEqual([auditId]);
  });

  it("lists the session's own tasks, newest first, and tells the session when one ends", async () => {
    const client = await agent(tokens.olga!, { client: TASKS });
    const heard: { method: string; params?: Record<string, unknown> }[] = [];
    client.fallbackNotificationHandler = async (notification) => void heard.push(notification);
    expect(await list(client)).toEqual({ tasks: [] });
    const quick = (await startTask(client, "jobs__slow", { ms: 10 })).task as Task;
    const long = (await startTask(client, "jobs__slow", { ms: 120_000 })).task as Task;
    expect((await list(client)).tasks.map((task) => [task.taskId, task.status])).toEqual([
      [long.taskId, "working"],
      [quick.taskId, "working"],
    ]);
    // The end of each is told, as tasks/get answers it then, and listed so.
    const told = (taskId: string) => heard.find((n) => n.method === "notifications/tasks/status" && n.params?.taskId === taskId)?.params;
    await expect.poll(() => told(quick.taskId), { timeout: 30_000 }).toMatchObject({ status: "completed" });
    expect(told(long.taskId)).toBeUndefined();
    await ask(client, "tasks/cancel", long.taskId);
    await expect.poll(() => told(long.taskId), { timeout: 30_000 }).toMatchObject({ status: "cancelled" });
    expect((await list(client)).tasks.map((task) => [task.taskId, task.status])).toEqual([
      [long.taskId, "cancelled"],
      [quick.taskId, "completed"],
    ]);
    // Another session lists none of them, the same person's or another's; each id still reaches its task from the person's other session.
    const olgasOther = await agent(tokens.olga!, { client: TASKS });
    const pias = await agent(tokens.pia!, { client: TASKS });
    expect(await list(olgasOther)).toEqual({ tasks: [] });
    expect(await list(pias)).toEqual({ tasks: [] });
    expect(await ask(olgasOther, "tasks/get", quick.taskId)).toMatchObject({ taskId: quick.taskId, status: "completed" });
  });
});
