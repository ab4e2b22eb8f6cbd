// Runs the migrations in lib/db/migrations. They are listed here rather than read from
// the directory so that the bundler sees every one of them.
import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";
import * as auditLog from "./migrations/0001-audit-log";
import * as servers from "./migrations/0002-servers";
import * as auditChain from "./migrations/0003-audit-chain";
import * as auditSearch from "./migrations/0004-audit-search";
import * as auditSearchBatched from "./migrations/0005-audit-search-batched";
import * as auditFilterIndexes from "./migrations/0006-audit-filter-indexes";
import * as auditSearchText from "./migrations/0007-audit-search-text";
import * as auditInstances from "./migrations/0008-audit-instances";
import * as people from "./migrations/0009-people";
import * as toolPolicies from "./migrations/0010-tool-policies";
import * as oauth from "./migrations/0011-oauth";
import * as savedCalls from "./migrations/0012-saved-calls";
import * as clusterMessages from "./migrations/0013-cluster-messages";
import * as rateLimits from "./migrations/0014-rate-limits";
import * as auditVia from "./migrations/0015-audit-via";
import * as bootstrapSessionToken from "./migrations/0016-bootstrap-session-token";
import * as savedCallKind from "./migrations/0017-saved-call-kind";
import * as toolDefinitions from "./migrations/0018-tool-definitions";
import * as agentApprovals from "./migrations/0019-agent-approvals";
import * as virtualServers from "./migrations/0020-virtual-servers";
import * as agentOAuth from "./migrations/0021-agent-oauth";
import * as approvalRounds from "./migrations/0022-approval-rounds";
import * as evals from "./migrations/0023-evals";
import * as modelProviders from "./migrations/0024-model-providers";
import * as modelJudge from "./migrations/0025-model-judge";

export const MIGRATIONS: Record<string, Migration> = {
  "0001-audit-log": auditLog,
  "0002-servers": servers,
  "0003-audit-chain": auditChain,
  "0004-audit-search": auditSearch,
  "0005-audit-search-batched": auditSearchBatched,
  "0006-audit-filter-indexes": auditFilterIndexes,
  "0007-audit-search-text": auditSearchText,
  "0008-audit-instances": auditInstances,
  "0009-people": people,
  "0010-tool-policies": toolPolicies,
  "0011-oauth": oauth,
  "0012-saved-calls": savedCalls,
  "0013-cluster-messages": clusterMessages,
  "0014-rate-limits": rateLimits,
  "0015-audit-via": auditVia,
  "0016-bootstrap-session-token": bootstrapSessionToken,
  "0017-saved-call-kind": savedCallKind,
  "0018-tool-definitions": toolDefinitions,
  "0019-agent-approvals": agentApprovals,
  "0020-virtual-servers": virtualServers,
  "0021-agent-oauth": agentOAuth,
  "0022-approval-rounds": approvalRounds,
  "0023-evals": evals,
  "0024-model-providers": modelProviders,
  "0025-model-judge": modelJudge,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * Where the migrator's bookkeeping tables are, named explicitly on PostgreSQL: Kysely otherwise
 * looks for them in every schema, so another schema of the same database holding them (a second
 * Toolscope, a test) made it skip creating its own. Existing tables are found where the
 * search_path finds them (the schemas on it may have changed since they were made); new ones go
 * to the current schema, as Toolscope's other tables do.
 */
async function migrationSchema(db: Kysely<unknown>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ existing: string | null; current: string | null }>`select
    (select n.nspname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.oid = to_regclass('toolscope_migrations')) as existing,
    current_schema() as current`.execute(db);
  const schema = rows[0]?.existing ?? rows[0]?.current;
  if (!schema) throw new Error("PostgreSQL has no current schema: every schema on the search_path is missing.");
  return schema;
}

export function migrator(db: Kysely<unknown>, schema: string | undefined): Migrator {
  return new Migrator({
    db,
    provider,
    migrationTableName: "toolscope_migrations",
    migrationLockTableName: "toolscope_migrations_lock",
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const { error, results } = await migrator(db, await migrationSchema(db)).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(
      `Database migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error ?? "unknown error")}`,
    );
  }
}
