// The audit store: a record is written (pending) before a call is forwarded and
// completed afterwards, so a call that reached a server is never missing from the log.
import { randomBytes } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { AuditLogTable, Database, InvocationOutcome, OutputVerdict } from "../db/schema";

export type AuditRecord = Selectable<AuditLogTable>;

let lastTime = 0;
let sequence = 0;

/**
 * Time-ordered ids: sorting by id sorts by start time, which keyset pagination relies on.
 * A per-process sequence keeps ids made in the same millisecond in creation order.
 */
export function newAuditId(now = Date.now()): string {
  if (now > lastTime) {
    lastTime = now;
    sequence = 0;
  } else {
    sequence++;
  }
  return `${lastTime.toString(36).padStart(9, "0")}${sequence.toString(36).padStart(4, "0")}${randomBytes(4).toString("hex")}`;
}

export type StartInvocation = {
  actor: string;
  serverId: string;
  serverTarget: string;
  protocolVersion: string | null;
  toolName: string;
  arguments: unknown;
};

export type FinishInvocation = {
  id: string;
  startedAt: number;
  outcome: Exclude<InvocationOutcome, "pending">;
  errorCode?: number | null;
  errorMessage?: string | null;
  result?: unknown;
  outputVerdict?: OutputVerdict | null;
};

export type ListInvocations = { limit?: number; before?: string; serverId?: string; toolName?: string };

export function createAuditStore(db: Kysely<Database>) {
  return {
    async startInvocation(input: StartInvocation): Promise<{ id: string; startedAt: number }> {
      const startedAt = Date.now();
      const id = newAuditId(startedAt);
      await db
        .insertInto("audit_log")
        .values({
          id,
          started_at: new Date(startedAt).toISOString(),
          ended_at: null,
          duration_ms: null,
          actor: input.actor,
          server_id: input.serverId,
          server_target: input.serverTarget,
          protocol_version: input.protocolVersion,
          tool_name: input.toolName,
          arguments: JSON.stringify(input.arguments ?? {}),
          outcome: "pending",
          error_code: null,
          error_message: null,
          result: null,
          output_verdict: null,
        })
        .execute();
      return { id, startedAt };
    },

    async finishInvocation(input: FinishInvocation): Promise<void> {
      const endedAt = Date.now();
      await db
        .updateTable("audit_log")
        .set({
          ended_at: new Date(endedAt).toISOString(),
          duration_ms: endedAt - input.startedAt,
          outcome: input.outcome,
          error_code: input.errorCode ?? null,
          error_message: input.errorMessage ?? null,
          result: input.result === undefined ? null : JSON.stringify(input.result),
          output_verdict: input.outputVerdict ?? null,
        })
        .where("id", "=", input.id)
        .execute();
    },

    async listInvocations(query: ListInvocations = {}): Promise<AuditRecord[]> {
      const limit = Math.min(Math.max(query.limit ?? 50, 1), 500);
      let q = db.selectFrom("audit_log").selectAll().orderBy("id", "desc").limit(limit);
      if (query.before) q = q.where("id", "<", query.before);
      if (query.serverId) q = q.where("server_id", "=", query.serverId);
      if (query.toolName) q = q.where("tool_name", "=", query.toolName);
      return q.execute();
    },

    async getInvocation(id: string): Promise<AuditRecord | undefined> {
      return db.selectFrom("audit_log").selectAll().where("id", "=", id).executeTakeFirst();
    },
  };
}

export type AuditStore = ReturnType<typeof createAuditStore>;
