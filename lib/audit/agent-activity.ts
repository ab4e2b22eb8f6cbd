// The agents that called tools through /mcp (lib/gateway), as the audit log remembers them: one
// row per agent and person (an agent is named by the client name and version it gave), with how
// many calls, how many failed, and its last call. Read from the newest agent records only (a
// bounded scan of migration 0015's index of records that have a `via`), as the Agents page shows
// who is active now, not all of history.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { AuditReader } from "./visibility";

export const ACTIVITY_RECORDS = 5_000;

export type AgentActivity = {
  /** The client's name and version, as the audit record's via has it (`agent:<client>`). */
  client: string;
  via: string;
  person: { actor: string; name: string | null; id: string | null };
  calls: number;
  failures: number;
  last: { at: string; serverId: string; toolName: string; outcome: string; auditId: string };
};

export async function agentActivity(db: Kysely<Database>, reader: AuditReader, limit = ACTIVITY_RECORDS): Promise<AgentActivity[]> {
  let query = db
    .selectFrom("audit_log")
    .select(["id", "via", "actor", "actor_id", "actor_name", "server_id", "tool_name", "outcome", "started_at"])
    .where("via", "is not", null)
    .where("via", "like", "agent:%")
    .where("kind", "=", "call")
    .orderBy("id", "desc")
    .limit(limit);
  if (reader.hiddenServers?.size) query = query.where("server_id", "not in", [...reader.hiddenServers]);
  const rows = await query.execute();
  const byAgent = new Map<string, AgentActivity>();
  for (const row of rows) {
    const key = `${row.via}\n${row.actor_id ?? row.actor}`;
    const seen = byAgent.get(key);
    // A round of input (2026-07-28) is the start of a call the agent's next request goes on with: neither a call of its own nor a failure.
    const round = row.outcome === "input_required";
    const failed = !round && row.outcome !== "ok" && row.outcome !== "pending";
    if (seen) {
      if (!round) seen.calls++;
      if (failed) seen.failures++;
      continue;
    }
    byAgent.set(key, {
      client: row.via!.slice("agent:".length),
      via: row.via!,
      person: { actor: row.actor, name: row.actor_name, id: row.actor_id },
      calls: round ? 0 : 1,
      failures: failed ? 1 : 0,
      last: { at: row.started_at, serverId: row.server_id, toolName: row.tool_name, outcome: row.outcome, auditId: row.id },
    });
  }
  return [...byAgent.values()];
}
