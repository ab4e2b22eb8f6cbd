// What keeps the person in the loop a person (issue 43), on one database: no token decides an
// agent's call, nor the session that made it, nor anything but a page in local mode; an agent that
// hangs up withdraws its waiting call at once; a waiting call's secrets are kept and shown as the
// audit log keeps them. Run once per database (lib/approvals/approval-safety.*.test.ts).
import { describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { approvalsFor, decideApproval, waitingForDecision } from "@/lib/approvals/approvals";
import { approvalRow, insertApproval } from "@/lib/approvals/approval-store";
import { listAudit } from "@/lib/audit/query";
import { readerOf } from "@/lib/audit/visibility";
import type { Caller } from "@/lib/domain/roles";
import { errorBody } from "@/lib/errors";
import { OUTCOME_META } from "@/lib/gateway/agent-call";
import { approvalsHarness, type Queue } from "./approvals-harness";
import { BOOTSTRAP_ADMIN } from "./callers";

function meta(result: CallToolResult): Record<string, unknown> {
  return (result._meta ?? {}) as Record<string, unknown>;
}

const ADMIN_READER = readerOf(BOOTSTRAP_ADMIN, new Set());

export function describeApprovalSafety(kind: "sqlite" | "postgres"): void {
  // Long enough that no call here times out on a busy machine before the test decides it.
  const {
    tokens,
    bootstrap: BOOTSTRAP,
    door,
    agent,
    api,
    waitingFor,
    callerFor,
    inBrowser,
  } = approvalsHarness(kind, {
    opsTimeoutSeconds: 300,
  });

  describe(`the person in the loop is a person (issue 43), on ${kind}`, () => {
    /** What the front door answers a decision sent with these headers: the route's access is checked there. */
    const decideThroughDoor = async (id: string, headers: Record<string, string>) => {
      const answer = await fetch(`${door().base}/api/approvals/${id}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ decision: "approve", arguments: { id: "n-agent-edited" } }),
      });
      return { status: answer.status, body: (await answer.json()) as { error?: { code: string; message: string } } };
    };

    it("an agent's token sees its waiting call but cannot approve it; the bootstrap bearer cannot either", async () => {
      const client = await agent(tokens.olga);
      const call = client.callTool({ name: "demo__delete_note", arguments: { id: "n-self-approve" } });
      const approval = await waitingFor(tokens.olga, "delete_note");
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
      const direct = await decideApproval(approval.id, { decision: "approve" }, await callerFor(tokens.olga), { fromPage: true }).catch(
        (error: unknown) => errorBody(error),
      );
      expect(direct).toMatchObject({ status: 403, body: { error: { code: "forbidden:credential" } } });

      // Still waiting, unchanged; its person, signed in, denies it.
      expect((await waitingFor(tokens.olga, "delete_note")).id).toBe(approval.id);
      await api(tokens.olga, "POST", `/api/approvals/${approval.id}`, { decision: "deny", reason: "I did not ask for that." });
      const result = (await call) as CallToolResult;
      expect(meta(result)[OUTCOME_META]).toBe("denied");
      const { records } = await listAudit({ via: "agent:approval-bot 2.0.0", limit: 50 }, ADMIN_READER);
      expect(records.some((r) => JSON.stringify(r.arguments).includes("n-agent-edited"))).toBe(false);
    });

    it("the session that made a waiting call cannot decide it; local mode decides only from a page", async () => {
      const olga = await callerFor(tokens.olga);
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

  describe(`an agent that hangs up withdraws its waiting call (issue 43), on ${kind}`, () => {
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
      const client = await agent(tokens.olga, { name: "impatient-bot", fetch: line.fetch, client: { versionNegotiation: negotiation } });
      const call = client.callTool({ name: "demo__delete_note", arguments: { id: `n-gone-${JSON.stringify(negotiation)}` } });
      const approval = await waitingFor(tokens.olga, "delete_note");
      const olga = inBrowser(await callerFor(tokens.olga));
      expect((await waitingForDecision(olga)).waiting).toBe(1);

      line.hangUp();
      // A 2025 client may resume its stream (Last-Event-ID) and hear the withdrawal; a 2026 one has hung up for good.
      const heard = await call.catch(() => undefined);
      if (heard) expect(meta(heard as CallToolResult)[OUTCOME_META]).toBe("cancelled");
      await expect.poll(async () => (await approvalRow(approval.id))?.status).toBe("cancelled");
      expect((await approvalsFor(olga)).waiting).toEqual([]);
      expect((await waitingForDecision(olga)).waiting).toBe(0);

      const late = await api<{ error: { code: string; message: string } }>(tokens.olga, "POST", `/api/approvals/${approval.id}`, {
        decision: "approve",
      });
      expect(late.status).toBe(409);
      expect(late.body.error.message).toMatch(/^The agent withdrew this call at \d\d:\d\d:\d\d UTC: its request ended/);
      const withdrawn = await listAudit({ kind: "agent_call_withdrawn", limit: 20 }, ADMIN_READER);
      expect(withdrawn.records.some((r) => r.tool_name === "" && JSON.stringify(r.arguments).includes(approval.id))).toBe(true);
    });
  });

  describe(`a waiting call’s secrets (issue 43), on ${kind}`, () => {
    it("are kept and shown as the audit log keeps them, and still reach the server once approved", async () => {
      const client = await agent(tokens.olga);
      const call = client.callTool({ name: "ops__sign_in", arguments: { username: "ada", password: "hunter22-pw!", otp: "123456" } });
      const approval = await waitingFor(tokens.olga, "sign_in");
      expect(approval.arguments).toEqual({ username: "ada", password: "[redacted]", otp: "[redacted]" });
      // The approver edits what they were shown: a secret left as "[redacted]" is sent as it was.
      await api(tokens.olga, "POST", `/api/approvals/${approval.id}`, {
        decision: "approve",
        arguments: { username: "grace", password: "[redacted]", otp: "[redacted]" },
      });
      const result = (await call) as CallToolResult;
      expect(JSON.stringify(result.content)).toContain("Signed in as grace (the password was 12 characters long)");

      const { database } = await import("@/lib/db");
      const row = await (
        await database()
      )
        .selectFrom("agent_approvals")
        .selectAll()
        .where("id", "=", approval.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain("hunter22-pw!");
      expect(JSON.stringify(row)).not.toContain("123456");
      const decided = (await api<Queue>(tokens.olga, "GET", "/api/approvals")).body.decided.find((a) => a.id === approval.id);
      expect(decided?.editedArguments).toEqual({ username: "grace", password: "[redacted]", otp: "[redacted]" });
    });

    it("a new secret an approver types is sealed at rest and redacted in the audit log, and sent", async () => {
      const client = await agent(tokens.olga);
      const call = client.callTool({ name: "ops__sign_in", arguments: { username: "ada", password: "first-password" } });
      const approval = await waitingFor(tokens.olga, "sign_in");
      await api(tokens.olga, "POST", `/api/approvals/${approval.id}`, {
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
}
