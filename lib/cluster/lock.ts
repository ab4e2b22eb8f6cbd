import "server-only";
// One holder at a time across every Toolscope process on the database: a PostgreSQL advisory
// lock, held by a transaction for as long as the work runs (a process that dies lets go). On
// SQLite there is one process, whose own code already serializes what needs it.
import { sql } from "kysely";
import { database, databaseTarget } from "@/lib/db";

/** How long a process waits for another's hold before it gives up (and the work fails). */
const LOCK_TIMEOUT = "30s";

export async function withClusterLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (databaseTarget().kind !== "postgres") return work();
  const db = await database();
  return db.transaction().execute(async (tx) => {
    await sql`select set_config('lock_timeout', ${LOCK_TIMEOUT}, true)`.execute(tx);
    await sql`select pg_advisory_xact_lock(hashtextextended(${`toolscope:${name}`}, 0))`.execute(tx);
    return work();
  });
}
