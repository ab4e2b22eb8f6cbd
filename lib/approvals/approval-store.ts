import "server-only";
// Where waiting agent calls are kept (table agent_approvals). Every replica reads the same rows;
// a decision is a conditional update (only a row still waiting changes), so of two approvers, or an
// approver and the timeout, exactly one wins, whichever replica each is on.
import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import { database } from "@/lib/db";
import type { AgentApprovalsTable } from "@/lib/db/schema";
import type { ApprovalStatus, Approvers } from "@/lib/domain/approvals";
import type { JsonChange } from "@/lib/domain/json-diff";

export type ApprovalRow = Selectable<AgentApprovalsTable>;

/** The person behind the agent, as the row keeps them. */
export type RequesterRecord = {
  actor: string;
  userId: string | null;
  name: string;
  email: string | null;
  /** The sign-in the call came with, when it was a browser session's: that session may not decide it. */
  sessionId?: string | null;
};

export type NewApproval = {
  serverId: string;
  toolName: string;
  arguments: Record<string, unknown>;
  requester: RequesterRecord;
  client: string;
  because: string;
  definitionChanges: JsonChange[] | null;
  approvers: Approvers;
  timeoutMs: number;
};

export async function insertApproval(approval: NewApproval): Promise<ApprovalRow> {
  const now = Date.now();
  const row: ApprovalRow = {
    id: randomUUID(),
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + approval.timeoutMs).toISOString(),
    status: "waiting",
    server_id: approval.serverId,
    tool_name: approval.toolName,
    arguments: JSON.stringify(approval.arguments),
    caller: JSON.stringify(approval.requester),
    actor_id: approval.requester.userId,
    client: approval.client,
    because: approval.because,
    definition_changes: approval.definitionChanges ? JSON.stringify(approval.definitionChanges) : null,
    approvers: JSON.stringify(approval.approvers),
    decided_at: null,
    decided_by: null,
    decided_by_id: null,
    decision_reason: null,
    edited_arguments: null,
    audit_id: null,
    rounds: 0,
  };
  await (await database()).insertInto("agent_approvals").values(row).execute();
  return row;
}

export async function approvalRow(id: string): Promise<ApprovalRow | undefined> {
  return (await database()).selectFrom("agent_approvals").selectAll().where("id", "=", id).executeTakeFirst();
}

export type Settlement = {
  status: Exclude<ApprovalStatus, "waiting">;
  decidedBy: string | null;
  decidedById: string | null;
  reason?: string | null;
  /** Sealed (lib/crypto/secret-box.ts): an approver may have typed a secret. */
  editedArguments?: string | null;
};

/** Settles a waiting row; false when it was no longer waiting (someone, or the clock, got there first). */
export async function settleApproval(id: string, settlement: Settlement): Promise<boolean> {
  const result = await (
    await database()
  )
    .updateTable("agent_approvals")
    .set({
      status: settlement.status,
      decided_at: new Date().toISOString(),
      decided_by: settlement.decidedBy,
      decided_by_id: settlement.decidedById,
      decision_reason: settlement.reason ?? null,
      edited_arguments: settlement.editedArguments ?? null,
    })
    .where("id", "=", id)
    .where("status", "=", "waiting")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Claims the approved call's next round (the agent's answer to the target's input_required):
 * true once for each round number, so a round's request state cannot be played twice.
 */
export async function claimApprovalRound(id: string, round: number): Promise<boolean> {
  const result = await (
    await database()
  )
    .updateTable("agent_approvals")
    .set({ rounds: round + 1 })
    .where("id", "=", id)
    .where("status", "=", "approved")
    .where("rounds", "=", round)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordApprovalCall(id: string, auditId: string): Promise<void> {
  await (await database()).updateTable("agent_approvals").set({ audit_id: auditId }).where("id", "=", id).execute();
}

/** Waiting rows, oldest first, and the latest decided ones, newest first. */
export async function listApprovals(decidedLimit: number): Promise<{ waiting: ApprovalRow[]; decided: ApprovalRow[] }> {
  const db = await database();
  const [waiting, decided] = await Promise.all([
    db.selectFrom("agent_approvals").selectAll().where("status", "=", "waiting").orderBy("created_at").limit(500).execute(),
    decidedLimit === 0
      ? []
      : db
          .selectFrom("agent_approvals")
          .selectAll()
          .where("status", "!=", "waiting")
          .orderBy("decided_at", "desc")
          .limit(decidedLimit)
          .execute(),
  ]);
  return { waiting, decided };
}

/** Rows still waiting past their time, with nobody left to expire them (the replica holding the agent stopped). */
export async function overdueApprovals(graceMs: number): Promise<ApprovalRow[]> {
  const before = new Date(Date.now() - graceMs).toISOString();
  return (await database())
    .selectFrom("agent_approvals")
    .selectAll()
    .where("status", "=", "waiting")
    .where("expires_at", "<", before)
    .execute();
}
