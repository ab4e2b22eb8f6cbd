import "server-only";
// Liveness for scripts and the test harness: the database answers, and how each server is.
import { sql } from "kysely";
import { database, databaseTarget } from "@/lib/db";
import { can, type Caller } from "@/lib/domain/roles";
import { listServerSnapshots } from "@/lib/mcp/servers";

/** Anyone may ask whether Toolscope is up; only a caller who may see servers hears which there are. */
export async function health(
  caller: Caller,
): Promise<{ status: "ok"; database: "sqlite" | "postgres"; servers?: { id: string; status: string }[] }> {
  await sql`select 1`.execute(await database());
  const servers = can(caller, "catalog:read") ? (await listServerSnapshots(caller)).map(({ id, status }) => ({ id, status })) : undefined;
  return { status: "ok", database: databaseTarget().kind, ...(servers ? { servers } : {}) };
}
