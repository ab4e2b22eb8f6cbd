// Counts of rate limits shared by every Toolscope process on a PostgreSQL database (calls per
// person per minute, failed sign-ins per account and per address): rate-limiter-flexible's
// PostgreSQL store keeps them here, in the table layout it expects. On SQLite, with one process,
// they are counted in memory and these tables stay empty.
import type { Kysely } from "kysely";

export const RATE_LIMIT_TABLES = ["rate_limit_calls", "rate_limit_sign_in_account", "rate_limit_sign_in_address"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of RATE_LIMIT_TABLES)
    await db.schema
      .createTable(table)
      .addColumn("key", "varchar(255)", (c) => c.primaryKey())
      .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("expire", "bigint")
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of RATE_LIMIT_TABLES) await db.schema.dropTable(table).execute();
}
