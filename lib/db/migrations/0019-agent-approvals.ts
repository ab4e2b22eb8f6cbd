// The approval queue (issue 34, lib/approvals): an agent's call through /mcp that a policy says
// must wait for a person. The row is the one truth every replica reads: the replica holding the
// agent's request waits on it, any replica decides it with a conditional update (only a row still
// waiting can be decided, so two approvers or an approver and the timeout cannot both win).
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("agent_approvals")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    // waiting | approved | denied | expired | cancelled
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("server_id", "text", (c) => c.notNull())
    .addColumn("tool_name", "text", (c) => c.notNull())
    .addColumn("arguments", "text", (c) => c.notNull())
    // The person behind the agent (JSON: actor, id, name, email, role) and the agent as it named itself.
    .addColumn("caller", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("client", "text", (c) => c.notNull())
    // Why it waits (the policy's words) and, for a tool whose definition moved, what changed (JSON).
    .addColumn("because", "text", (c) => c.notNull())
    .addColumn("definition_changes", "text")
    // Who may decide (JSON: roles, people, whether the person behind the agent may).
    .addColumn("approvers", "text", (c) => c.notNull())
    .addColumn("decided_at", "text")
    .addColumn("decided_by", "text")
    .addColumn("decided_by_id", "text")
    .addColumn("decision_reason", "text")
    // The arguments the approver sent instead (JSON), when they edited them.
    .addColumn("edited_arguments", "text")
    // The call's audit record, once it ran.
    .addColumn("audit_id", "text")
    .execute();
  await db.schema.createIndex("agent_approvals_status").on("agent_approvals").columns(["status", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("agent_approvals").execute();
}
