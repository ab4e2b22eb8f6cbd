// Runs the migrations in lib/db/migrations. They are listed here rather than read from
// the directory so that the bundler sees every one of them.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";
import * as auditLog from "./migrations/0001-audit-log";
import * as servers from "./migrations/0002-servers";
import * as auditChain from "./migrations/0003-audit-chain";
import * as auditSearch from "./migrations/0004-audit-search";
import * as auditSearchBatched from "./migrations/0005-audit-search-batched";

export const MIGRATIONS: Record<string, Migration> = {
  "0001-audit-log": auditLog,
  "0002-servers": servers,
  "0003-audit-chain": auditChain,
  "0004-audit-search": auditSearch,
  "0005-audit-search-batched": auditSearchBatched,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const { error, results } = await new Migrator({
    db,
    provider,
    migrationTableName: "toolscope_migrations",
    migrationLockTableName: "toolscope_migrations_lock",
  }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(
      `Database migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error ?? "unknown error")}`,
    );
  }
}
