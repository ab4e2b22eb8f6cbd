// The approval queue end to end through the real front door: an agent (the official SDK client)
// calls a destructive tool through /mcp and waits; a person approves, denies or edits it through
// the API the Approvals page uses; the time runs out. Every decision is in the audit chain.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport, type CallToolResult } from "@modelcontextprotocol/client";
import { listAudit, verifyAudit } from "@/lib/audit/query";
import { agentsSeen } from "@/lib/audit";
import { metricsText } from "@/lib/metrics/metrics";
import { readerOf } from "@/lib/audit/visibility";
import { invitePerson } from "@/lib/auth/people";
import { createToken } from "@/lib/auth/personal-tokens";
import type { ApprovalView } from "@/lib/domain/approvals";
import { addServer } from "@/lib/mcp/servers";
import { allConnections, connectionFor } from "@/lib/mcp/pool";
import { saveServerPolicy } from "@/lib/policy/policy-store";
import { closeGateway } from "@/lib/gateway/gateway-http";
import { APPROVAL_META, OUTCOME_META } from "@/lib/gateway/agent-call";
import { BOOTSTRAP_ADMIN } from "@/test/callers";
import { identify } from "@/lib/auth/identify";
import type { Caller } from "@/lib/domain/roles";
import { errorBody } from "@/lib/errors";
import { approvalsFor, decideApproval, waitingForDecision, type Decision } from "./approvals";
import { approvalRow, insertApproval } from "./approval-store";
import { startFrontDoor, type TestFrontDoor } from "@/test/front-door";
import { DEMO_CLI } from "@/test/demo-client";
import { programArgs } from "@/test/programs";

const savedEnv = { ...process.env };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-approvals-"));
const BOOTSTRAP = `approvals-${crypto.randomBytes(8).toString("hex")}`;
let door: TestFrontDoor;
const tokens: Record<string, string> = {};
const clients: Client[] = [];

beforeAll(async () => {
  for (const name of Object.keys(process.env)) if (name.startsWith("TOOLSCOPE_") || name === "DATABASE_URL") delete process.env[name];
  Object.assign(process.env, { TOOLSCOPE_DATA_DIR: dataDir, TOOLSCOPE_API_TOKEN: BOOTSTRAP, TOOLSCOPE_STDIO: "on" });
  for (const [key, email] of [
    ["olga", "olga@example.com"],
    ["pia", "pia@example.com"],
  ] as const) {
    const { person } = await invitePerson({ email, role: "operator", password: "generate" }, { actor: "test", clientIp: null });
    tokens[key] = (await createToken(person.id, { name: `${key}'s agent`, scopes: ["read", "call"], expiresInDays: 1 })).secret;
  }
  // A second demo server whose annotations are not trusted: every one of its tools waits, for 8 s at most.
  await addServer("ops", { command: process.execPath, args: [...programArgs(DEMO_CLI), "stdio"] }, BOOTSTRAP_ADMIN);
  await saveServerPolicy("ops", { agents: { timeoutSeconds: 8 } }, null);
  door = await startFrontDoor();
  await Promise.all([(await connectionFor("demo")).ready(), (await connectionFor("ops")).ready()]);
}, 60_000);

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined);
  await closeGateway();
  await door?.close();
  await Promise.all((await allConnections()).map((connection) => connection.close()));
  process.env = savedEnv;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function agent(token: string): Promise<Client> {
  const client = new Client({ name: "approval-bot", version: "2.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${door.base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
  );
  clients.push(client);
  return client;
}

/** The person a token stands for, as the front door identifies them (the API routes are Next's: see e2e/agents.spec.ts). */
async function callerFor(token: string): Promise<Caller> {
  return (await identify({ headers: new Headers({ authorization: `Bearer ${token}` }), clientIp: "127.0.0.1" })).caller;
}

/** The same person signed in in a browser: only such a sign-in decides an agent's call (no token may). */
function inBrowser(caller: Caller): Caller {
  return {
    ...caller,
    authMethod: caller.authMethod === "bootstrap-token" ? "bootstrap-token" : "password",
    scopes: null,
    sessionId: `browser of ${caller.actor}`,
  };
}

/**
 * What GET /api/approvals (as the token sees it) and POST /api/approvals/{id} (as its person
 * decides it, signed in in a browser) answer: the same lib functions, with the error model's status.
 */
async function api<T>(token: string, method: string, route: string, body?: unknown): Promise<{ status: number; body: T }> {
  const caller = await callerFor(token);
  try {
    if (method === "GET") return { status: 200, body: (await approvalsFor(caller)) as T };
    const id = route.split("/").at(-1)!;
    return { status: 200, body: (await decideApproval(id, body as Decision, inBrowser(caller), { fromPage: true })) as T };
  } catch (error) {
    const { status, body: answer } = errorBody(error);
    return { status, body: answer as T };
  }
}

type Queue = { waiting: ApprovalView[]; decided: ApprovalView[] };

/** The waiting approval for this tool, once the agent's call has reached the queue. */
async function waitingFor(token: string, toolName: string): Promise<ApprovalView> {
  let found: ApprovalView | undefined;
  await expect
    .poll(async () => {
      found = (await api<Queue>(token, "GET", "/api/approvals")).body.waiting.find((a) => a.toolName === toolName);
      return found;
    })
    .toBeDefined();
  return found!;
}

function meta(result: CallToolResult): Record<string, unknown> {
  return (result._meta ?? {}) as Record<string, unknown>;
}

const ADMIN_READER = readerOf(BOOTSTRAP_ADMIN, new Set());

describe("an agent's destructive call waits for a person", () => {
  it("runs once its person approves it, audited with who approved", async () => {
    const client = await agent(tokens.olga!);
    const call = client.callTool({ name: "demo__delete_note", arguments: { id: "n-approve" } });
    const approval = await waitingFor(tokens.olga!, "delete_note");
    expect(approval).toMatchObject({
      serverId: "demo",
      client: "approval-bot 2.0.0",
      arguments: { id: "n-approve" },
      // Seen with the agent's own token, which may never decide it (her browser sign-in may).
      mayDecide: false,
      risk: ["destructive"],
      person: { email: "olga@example.com" },
    });
    // Pia is no approver of Olga's agent (admins and the person behind it are): she sees nothing, and cannot decide.
    expect((await api<Queue>(tokens.pia!, "GET", "/api/approvals")).body.waiting).toEqual([]);
    expect((await api(tokens.pia!, "POST", `/api/approvals/${approval.id}`, { decision: "approve" })).status).toBe(404);

    const decided = await api<ApprovalView>(tokens.olga!, "POST", `/api/approvals/${approval.id}`, { decision: "approve" });
    expect(decided.status).toBe(200);
    const result = (await call) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(meta(result)[APPROVAL_META]).toBe(approval.id);
    // Decided once: a second decision is refused.
    expect((await api(BOOTSTRAP, "POST", `/api/approvals/${approval.id}`, { decision: "deny" })).status).toBe(409);

    const { records } = await listAudit({ via: "agent:approval-bot 2.0.0", limit: 20 }, ADMIN_READER);
    const record = records.find((r) => r.tool_name === "delete_note" && r.reason?.includes(approval.id));
    expect(record?.reason).toBe(`Approved by olga (approval ${approval.id})`);
    const events = await listAudit({ kind: "agent_call_approved", limit: 20 }, ADMIN_READER);
    expect(events.records.some((r) => r.actor.includes("olga@example.com") && r.tool_name === "")).toBe(true);
    const row = (await api<Queue>(tokens.olga!, "GET", "/api/approvals")).body.decided.find((a) => a.id === approval.id);
    expect(row).toMatchObject({ status: "approved", decidedBy: "olga", auditId: record?.id });
  });

  it("a denied call returns the reason as a tool error, and never reaches the server", async () => {
    const client = await agent(tokens.olga!);
    const call = client.callTool({ name: "demo__delete_note", arguments: { id: "n-deny" } });
    const approval = await waitingFor(tokens.olga!, "delete_note");
    await api(BOOTSTRAP, "POST", `/api/approvals/${approval.id}`, { decision: "deny", reason: "Not on a Friday." });
    const result = (await call) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(meta(result)[OUTCOME_META]).toBe("denied");
    expect(JSON.stringify(result.content)).toContain("Bootstrap admin denied the call: Not on a Friday.");
    const { records } = await listAudit({ via: "agent:approval-bot 2.0.0", limit: 50 }, ADMIN_READER);
    expect(records.some((r) => JSON.stringify(r.arguments).includes("n-deny"))).toBe(false);
  });

  it("an approver may edit the arguments; edits that break the schema are refused and the call keeps waiting", async () => {
    const client = await agent(tokens.olga!);
    const call = client.callTool({ name: "demo__delete_note", arguments: { id: "n-everything" } });
    const approval = await waitingFor(tokens.olga!, "delete_note");
    const wrong = await api<{ error: { code: string; message: string } }>(BOOTSTRAP, "POST", `/api/approvals/${approval.id}`, {
      decision: "approve",
      arguments: { id: 42 },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(/do not fit delete_note's input schema: \/id: /);
    await api(BOOTSTRAP, "POST", `/api/approvals/${approval.id}`, { decision: "approve", arguments: { id: "n-just-one" } });
    const result = (await call) as CallToolResult;
    expect(JSON.stringify(result.content)).toContain("n-just-one");
    const events = await listAudit({ kind: "agent_call_approved", limit: 20 }, ADMIN_READER);
    expect(
      events.records.some(
        (r) => JSON.stringify(r.arguments).includes("n-just-one") && JSON.stringify(r.arguments).includes("n-everything"),
      ),
    ).toBe(true);
  });

  it("times out with a clear tool error, telling the agent it still waits meanwhile", async () => {
    const client = await agent(tokens.pia!);
    const waits: string[] = [];
    const result = (await client.callTool(
      { name: "ops__get_weather", arguments: { city: "Lisbon" } },
      { onprogress: (progress) => void waits.push(progress.message ?? "") },
    )) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(meta(result)[OUTCOME_META]).toBe("expired");
    expect(JSON.stringify(result.content)).toContain("No one approved the call within 8 seconds");
    expect(waits[0]).toMatch(/^Waiting for a person to approve the call/);
    const events = await listAudit({ kind: "agent_call_expired", limit: 5 }, ADMIN_READER);
    expect(events.records.length).toBe(1);
  }, 20_000);

  it("keeps the audit chain intact, and /metrics counts the waits and how they ended", async () => {
    expect((await verifyAudit()).ok).toBe(true);
    const metrics = await metricsText();
    expect(metrics).toContain('toolscope_agent_approvals_total{server="demo",decision="approved"} 2');
    expect(metrics).toContain('toolscope_agent_approvals_total{server="demo",decision="denied"} 1');
    expect(metrics).toContain('toolscope_agent_approvals_total{server="ops",decision="expired"} 1');
    expect(metrics).toContain('toolscope_agent_calls_total{server="demo",outcome="denied"} 1');
    expect(metrics).toContain("toolscope_agent_approvals_waiting 0");
  });
});

describe("an approved call that asks for input (2026-07-28, lib/gateway/input-rounds.ts)", () => {
  /** A 2026 agent that answers rounds of input itself: each input_required comes back to the test. */
  async function modernAgent(token: string): Promise<Client> {
    const client = new Client(
      { name: "round-bot", version: "1.0.0" },
      {
        versionNegotiation: { mode: { pin: "2026-07-28" } },
        capabilities: { elicitation: { form: {} } },
        inputRequired: { autoFulfill: false },
      },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${door.base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
    );
    clients.push(client);
    return client;
  }
  type Round = { resultType?: string; inputRequests?: Record<string, { method: string }>; requestState?: string } & CallToolResult;
  const send = (client: Client, params: Record<string, unknown>) =>
    client.callTool(params as { name: string }, { allowInputRequired: true }) as Promise<Round>;
  const yes = { confirm: { action: "accept", content: { confirm: true } } };

  it("goes on without a second approval, once per round; its state is for that call and that person only", async () => {
    const olga = await modernAgent(tokens.olga!);
    const call = { name: "ops__confirm_action", arguments: { action: "rotate the keys" } };
    const first = send(olga, call);
    const approval = await waitingFor(tokens.olga!, "confirm_action");
    await api(tokens.olga!, "POST", `/api/approvals/${approval.id}`, { decision: "approve" });
    const round = await first;
    expect(round.resultType).toBe("input_required");
    expect(round.inputRequests?.confirm?.method).toBe("elicitation/create");
    expect(round._meta?.[APPROVAL_META]).toBe(approval.id);

    // Another call, another person, an altered state: refused before anything runs.
    await expect(
      send(olga, { ...call, arguments: { action: "drop the database" }, inputResponses: yes, requestState: round.requestState }),
    ).rejects.toThrow(/belongs to another call/);
    const pia = await modernAgent(tokens.pia!);
    await expect(send(pia, { ...call, inputResponses: yes, requestState: round.requestState })).rejects.toThrow(
      /Invalid or expired requestState/,
    );
    await expect(send(olga, { ...call, inputResponses: yes, requestState: `${round.requestState}x` })).rejects.toThrow(
      /Invalid or expired requestState/,
    );

    const done = await send(olga, { ...call, inputResponses: yes, requestState: round.requestState });
    expect(done.resultType ?? "complete").toBe("complete");
    expect(JSON.stringify(done.content)).toContain("rotate the keys");
    expect((await api<Queue>(tokens.olga!, "GET", "/api/approvals")).body.waiting).toEqual([]);
    // The same round again would run the approved call twice.
    await expect(send(olga, { ...call, inputResponses: yes, requestState: round.requestState })).rejects.toThrow(/already used/);

    const { records } = await listAudit({ via: "agent:round-bot 1.0.0", limit: 20 }, ADMIN_READER);
    const rounds = records.filter((r) => r.tool_name === "confirm_action").map((r) => [r.outcome, r.reason]);
    const reason = `Approved by olga (approval ${approval.id})`;
    expect(rounds).toEqual([
      ["ok", reason],
      ["input_required", reason],
    ]);
    // On the Agents page that is one call, and no failure.
    expect((await agentsSeen(ADMIN_READER)).find((seen) => seen.client === "round-bot 1.0.0")).toMatchObject({ calls: 1, failures: 0 });
    expect((await verifyAudit()).ok).toBe(true);
  });
});

describe("the person in the loop is a person (issue 43)", () => {
  /** What the front door answers a decision sent with these headers: the route's access is checked there. */
  const decideThroughDoor = async (id: string, headers: Record<string, string>) => {
    const answer = await fetch(`${door.base}/api/approvals/${id}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ decision: "approve", arguments: { id: "n-agent-edited" } }),
    });
    return { status: answer.status, body: (await answer.json()) as { error?: { code: string; message: string } } };
  };

  it("an agent's token sees its waiting call but cannot approve it; the bootstrap bearer cannot either", async () => {
    const client = await agent(tokens.olga!);
    const call = client.callTool({ name: "demo__delete_note", arguments: { id: "n-self-approve" } });
    const approval = await waitingFor(tokens.olga!, "delete_note");
    // The token's view says so too: nothing to decide with it.
    expect(approval.mayDecide).toBe(false);

    const byToken = await decideThroughDoor(approval.id, { authorization: `Bearer ${tokens.olga}` });
    expect(byToken.status).toBe(403);
    expect(byToken.body.error).toMatchObject({
      code: "forbidden:credential",
      message: expect.stringMatching(/^A personal token cannot decide/),
    });
    const byBootstrap = await decideThroughDoor(approval.id, { authorization: `Bearer ${BOOTSTRAP}` });
    expect(byBootstrap).toMatchObject({ status: 403, body: { error: { code: "forbidden:credential" } } });
    // Past the front door too (a handler reached some other way): the token's caller is refused.
    const direct = await decideApproval(approval.id, { decision: "approve" }, await callerFor(tokens.olga!), { fromPage: true }).catch(
      (error: unknown) => errorBody(error),
    );
    expect(direct).toMatchObject({ status: 403, body: { error: { code: "forbidden:credential" } } });

    // Still waiting, unchanged; its person, signed in, denies it.
    expect((await waitingFor(tokens.olga!, "delete_note")).id).toBe(approval.id);
    await api(tokens.olga!, "POST", `/api/approvals/${approval.id}`, { decision: "deny", reason: "I did not ask for that." });
    const result = (await call) as CallToolResult;
    expect(meta(result)[OUTCOME_META]).toBe("denied");
    const { records } = await listAudit({ via: "agent:approval-bot 2.0.0", limit: 50 }, ADMIN_READER);
    expect(records.some((r) => JSON.stringify(r.arguments).includes("n-agent-edited"))).toBe(false);
  });

  it("the session that made a waiting call cannot decide it; local mode decides only from a page", async () => {
    const olga = await callerFor(tokens.olga!);
    const row = await insertApproval({
      serverId: "demo",
      toolName: "delete_note",
      arguments: { id: "n-same-session" },
      requester: { actor: olga.actor, userId: olga.userId, name: olga.name, email: olga.email, sessionId: "olga's laptop" },
      client: "a page's agent",
      because: "delete_note is destructive.",
      definitionChanges: null,
      approvers: { roles: ["admin"], people: [], self: true },
      timeoutMs: 60_000,
    });
    const sameSession = { ...inBrowser(olga), sessionId: "olga's laptop" };
    await expect(decideApproval(row.id, { decision: "approve" }, sameSession, { fromPage: true })).rejects.toMatchObject({
      code: "forbidden:credential",
      message: expect.stringContaining("The session that made this call cannot decide it"),
    });
    const local: Caller = { ...BOOTSTRAP_ADMIN, actor: "local", name: "Local user", authMethod: "local" };
    await expect(decideApproval(row.id, { decision: "approve" }, local, { fromPage: false })).rejects.toMatchObject({
      code: "forbidden:credential",
    });
    const decided = await decideApproval(
      row.id,
      { decision: "deny" },
      { ...inBrowser(olga), sessionId: "olga's phone" },
      { fromPage: true },
    );
    expect(decided.status).toBe("denied");
  });
});

describe("an agent that hangs up withdraws its waiting call (issue 43)", () => {
  /** A fetch whose tools/call requests the test can cut, as an agent that gives up or exits does. */
  function hangingUpFetch(): { fetch: typeof fetch; hangUp: () => void } {
    const cut = new Set<AbortController>();
    return {
      fetch: (input, init) => {
        if (init?.method !== "POST" || !String(init.body).includes('"tools/call"')) return fetch(input, init);
        const controller = new AbortController();
        cut.add(controller);
        return fetch(input, { ...init, signal: controller.signal });
      },
      hangUp: () => cut.forEach((controller) => controller.abort()),
    };
  }

  it.each([
    ["a 2025 session", { mode: "legacy" } as const],
    ["a 2026-07-28 request", { mode: { pin: "2026-07-28" } } as const],
  ])("%s: the card goes at once, the badge stops counting it, and a late Approve answers 409 saying why", async (_era, negotiation) => {
    const line = hangingUpFetch();
    const client = new Client({ name: "impatient-bot", version: "1.0.0" }, { versionNegotiation: negotiation });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${door.base}/mcp`), {
        fetch: line.fetch,
        requestInit: { headers: { Authorization: `Bearer ${tokens.olga}` } },
      }),
    );
    clients.push(client);
    const call = client.callTool({ name: "demo__delete_note", arguments: { id: `n-gone-${JSON.stringify(negotiation)}` } });
    const approval = await waitingFor(tokens.olga!, "delete_note");
    const olga = inBrowser(await callerFor(tokens.olga!));
    expect((await waitingForDecision(olga)).waiting).toBe(1);

    line.hangUp();
    // A 2025 client may resume its stream (Last-Event-ID) and hear the withdrawal; a 2026 one has hung up for good.
    const heard = await call.catch(() => undefined);
    if (heard) expect(meta(heard as CallToolResult)[OUTCOME_META]).toBe("cancelled");
    await expect.poll(async () => (await approvalRow(approval.id))?.status).toBe("cancelled");
    expect((await approvalsFor(olga)).waiting).toEqual([]);
    expect((await waitingForDecision(olga)).waiting).toBe(0);

    const late = await api<{ error: { code: string; message: string } }>(tokens.olga!, "POST", `/api/approvals/${approval.id}`, {
      decision: "approve",
    });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(/^The agent withdrew this call at \d\d:\d\d:\d\d UTC: its request ended/);
    const withdrawn = await listAudit({ kind: "agent_call_withdrawn", limit: 20 }, ADMIN_READER);
    expect(withdrawn.records.some((r) => r.tool_name === "" && JSON.stringify(r.arguments).includes(approval.id))).toBe(true);
  });
});

describe("a waiting call's secrets (issue 43)", () => {
  it("are kept and shown as the audit log keeps them, and still reach the server once approved", async () => {
    const client = await agent(tokens.olga!);
    const call = client.callTool({ name: "ops__sign_in", arguments: { username: "ada", password: "hunter22-pw!", otp: "123456" } });
    const approval = await waitingFor(tokens.olga!, "sign_in");
    expect(approval.arguments).toEqual({ username: "ada", password: "[redacted]", otp: "[redacted]" });
    // The approver edits what they were shown: a secret left as "[redacted]" is sent as it was.
    await api(tokens.olga!, "POST", `/api/approvals/${approval.id}`, {
      decision: "approve",
      arguments: { username: "grace", password: "[redacted]", otp: "[redacted]" },
    });
    const result = (await call) as CallToolResult;
    expect(JSON.stringify(result.content)).toContain("Signed in as grace (the password was 12 characters long)");

    const { database } = await import("@/lib/db");
    const row = await (await database()).selectFrom("agent_approvals").selectAll().where("id", "=", approval.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain("hunter22-pw!");
    expect(JSON.stringify(row)).not.toContain("123456");
    const decided = (await api<Queue>(tokens.olga!, "GET", "/api/approvals")).body.decided.find((a) => a.id === approval.id);
    expect(decided?.editedArguments).toEqual({ username: "grace", password: "[redacted]", otp: "[redacted]" });
  });

  it("a new secret an approver types is sealed at rest and redacted in the audit log, and sent", async () => {
    const client = await agent(tokens.olga!);
    const call = client.callTool({ name: "ops__sign_in", arguments: { username: "ada", password: "first-password" } });
    const approval = await waitingFor(tokens.olga!, "sign_in");
    await api(tokens.olga!, "POST", `/api/approvals/${approval.id}`, {
      decision: "approve",
      arguments: { username: "ada", password: "approvers-own-secret" },
    });
    const result = (await call) as CallToolResult;
    expect(JSON.stringify(result.content)).toContain("the password was 20 characters long");
    const { database } = await import("@/lib/db");
    const db = await database();
    const row = await db.selectFrom("agent_approvals").selectAll().where("id", "=", approval.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain("approvers-own-secret");
    const events = await db.selectFrom("audit_log").select("arguments").where("kind", "=", "agent_call_approved").execute();
    expect(JSON.stringify(events)).not.toContain("approvers-own-secret");
  });
});
