// A session signed in with the bootstrap token (TOOLSCOPE_API_TOKEN) keeps a keyed digest of the
// token it proved, so that replacing a leaked token ends every session made with the old one
// (lib/auth/identify.ts). Null for every other session, and for bootstrap sessions made before:
// those end at their next use, and their browsers sign in again.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("auth_session").addColumn("bootstrapTokenDigest", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("auth_session").dropColumn("bootstrapTokenDigest").execute();
}
