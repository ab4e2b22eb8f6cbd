import "server-only";
// Liveness for scripts and the test harness: the database answers, and how each server is.
import { sql } from "kysely";
import { database, databaseTarget } from "@/lib/db";
import { listServerSnapshots } from "@/lib/mcp/servers";

export async function health(): Promise<{ status: "ok"; database: "sqlite" | "postgres"; servers: { id: string; status: string }[] }> {
  await sql`select 1`.execute(await database());
  return {
    status: "ok",
    database: databaseTarget().kind,
    servers: (await listServerSnapshots()).map(({ id, status }) => ({ id, status })),
  };
}
