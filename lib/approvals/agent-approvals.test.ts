// The approval queue end to end through the real front door: an agent (the official SDK client)
// calls a destructive tool through /mcp and waits; a person approves, denies or edits it through
// the API the Approvals page uses; the time runs out. Every decision is in the audit chain.
import { describe, expect, it } from "vitest";
import type { CallToolResult, Client } from "@modelcontextprotocol/client";
import { listAudit, verifyAudit } from "@/lib/audit/query";
import { agentsSeen } from "@/lib/audit";
import { metricsText } from "@/lib/metrics/metrics";
import { readerOf } from "@/lib/audit/visibility";
import type { ApprovalView } from "@/lib/domain/approvals";
import { APPROVAL_META, OUTCOME_META } from "@/lib/gateway/agent-call";
import { BOOTSTRAP_ADMIN } from "@/test/callers";
import { approvalsHarness, type Queue } from "@/test/approvals-harness";
import { connectionFor } from "@/lib/mcp/pool";
import { setServerTrust } from "@/lib/mcp/servers";

const { tokens, bootstrap: BOOTSTRAP, agent, api, waitingFor } = approvalsHarness("sqlite", { opsTimeoutSeconds: 8 });

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
    return agent(token, {
      name: "round-bot",
      version: "1.0.0",
      client: {
        versionNegotiation: { mode: { pin: "2026-07-28" } },
        capabilities: { elicitation: { form: {} } },
        inputRequired: { autoFulfill: false },
      },
    });
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

describe("trust: one setting, and the fix on the card", () => {
  it("a read-only tool of a server that is not trusted waits and says why; trusted from the card, the next call runs at once", async () => {
    const client = await agent(tokens.olga!);
    const first = client.callTool({ name: "ops__list_notes", arguments: {} });
    const seen = await waitingFor(tokens.olga!, "list_notes");
    // What the tool says of itself, and why that is not believed; an operator may not trust a server.
    expect(seen.trust).toEqual({ trusted: false, declared: ["read-only", "closed-world"], canTrust: false });
    expect(seen.because).toMatch(/the server is not trusted, so what its tools say about themselves is not believed/);
    const asAdmin = (await api<Queue>(BOOTSTRAP, "GET", "/api/approvals")).body.waiting.find((a) => a.id === seen.id);
    expect(asAdmin?.trust.canTrust).toBe(true);

    // The card's one click: trust the server, then approve the call. The connection stays.
    const connection = await connectionFor("ops");
    await setServerTrust("ops", true, BOOTSTRAP_ADMIN);
    expect((await api(BOOTSTRAP, "POST", `/api/approvals/${seen.id}`, { decision: "approve" })).status).toBe(200);
    expect(((await first) as CallToolResult).isError).toBeFalsy();
    expect(await connectionFor("ops")).toBe(connection);
    expect(connection.config.trusted).toBe(true);

    // Believed now: a read-only tool's call runs without waiting (it would time out as an error otherwise).
    const next = (await client.callTool({ name: "ops__list_notes", arguments: {} })) as CallToolResult;
    expect(next.isError).toBeFalsy();
    expect(meta(next)[APPROVAL_META]).toBeUndefined();
    const { records } = await listAudit({ kind: "server_changed", limit: 5 }, ADMIN_READER);
    expect(records[0]).toMatchObject({ server_id: "ops", arguments: { trusted: true, before: { trusted: false } } });
    await setServerTrust("ops", false, BOOTSTRAP_ADMIN);
  }, 30_000);
});
