// An approved agent call that the target answers with input_required (2026-07-28) goes on in the
// agent's next request, without a second approval (lib/gateway/input-rounds.ts). Each such round
// claims the approval's next round number, once, so a request state replayed cannot run the
// approved call again.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("agent_approvals")
    .addColumn("rounds", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("agent_approvals").dropColumn("rounds").execute();
}
