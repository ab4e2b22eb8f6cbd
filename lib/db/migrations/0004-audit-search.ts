// Full-text search of the audit log without reading every record: a trigram index over the
// arguments, the result and the error message, so that a substring search finds its records
// through the index. SQLite keeps a contentless FTS5 trigram table matching audit_log through
// triggers (its rowid is the record's rowid); PostgreSQL has a GIN trigram index (pg_trgm)
// over the same text. The two indexes nothing reads any more go, to pay for the new one.
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from "kysely";

/** The text PostgreSQL searches: 0004 indexes this expression; 0007 stores it lower-cased as search_text. */
export const PG_SEARCH_TEXT = sql.raw(`(arguments || E'\\n' || coalesce(result, '') || E'\\n' || coalesce(error_message, ''))`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("audit_log_started_at").execute();
  await db.schema.dropIndex("audit_log_server_tool").execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await upPostgres(db);
  else await upSqlite(db);
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table audit_search using fts5(arguments, result, error_message, content='', contentless_delete=1, tokenize='trigram')`.execute(
    db,
  );
  // A record is indexed once, when it completes (joins the chain) and its text is final; the
  // few pending records are searched by a scan (lib/audit/search-sqlite.ts). Indexing at the pending
  // write too would cost every call a second index write and a delete.
  await sql`insert into audit_search (rowid, arguments, result, error_message)
    select rowid, arguments, result, error_message from audit_log where chain_seq is not null`.execute(db);
  await createIndexingTriggers(db);
}

/** The triggers that index a record when it completes (0005 replaces them with batches, and restores them on the way down). */
export async function createIndexingTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger audit_search_complete after update of chain_seq on audit_log
    when old.chain_seq is null and new.chain_seq is not null begin
    insert into audit_search (rowid, arguments, result, error_message) values (new.rowid, new.arguments, new.result, new.error_message);
  end`.execute(db);
  // Records written already complete (an import, the benchmark's fill).
  await sql`create trigger audit_search_insert after insert on audit_log when new.chain_seq is not null begin
    insert into audit_search (rowid, arguments, result, error_message) values (new.rowid, new.arguments, new.result, new.error_message);
  end`.execute(db);
  await sql`create trigger audit_search_delete after delete on audit_log when old.chain_seq is not null begin
    delete from audit_search where rowid = old.rowid;
  end`.execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  const schema = await trigramOperatorSchema(db);
  if (schema) await createPgSearchIndex(db, PG_SEARCH_TEXT, schema);
}

/**
 * Where pg_trgm's operator classes live, adding the extension if it can be; null without it.
 * pg_trgm ships with PostgreSQL and is a trusted extension (any user who may create objects in
 * the database may add it), but a server built without contrib lacks it: search then stays a
 * walk through the records.
 */
export async function trigramOperatorSchema(db: Kysely<unknown>): Promise<string | null> {
  const { rows } = await sql<{
    available: boolean;
  }>`select exists (select 1 from pg_available_extensions where name = 'pg_trgm') as available`.execute(db);
  if (!rows[0]?.available) return null;
  await sql`savepoint toolscope_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint toolscope_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint toolscope_trgm`.execute(db);
    return null;
  }
  // The extension may already live in a schema that is not on this connection's search_path.
  const { rows: found } = await sql<{
    schema: string;
  }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  return found[0]?.schema ?? null;
}

/** PostgreSQL's trigram index over the searched text (0004: an expression; 0007: a stored column). */
export async function createPgSearchIndex(db: Kysely<unknown>, text: RawBuilder<unknown>, schema: string): Promise<void> {
  await sql`create index audit_log_search on audit_log using gin (${text} ${sql.raw(schema)}.gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index if exists audit_log_search`.execute(db);
  } else {
    for (const trigger of ["audit_search_insert", "audit_search_complete", "audit_search_delete"])
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    await sql`drop table if exists audit_search`.execute(db);
  }
  await db.schema.createIndex("audit_log_started_at").on("audit_log").columns(["started_at", "id"]).execute();
  await db.schema.createIndex("audit_log_server_tool").on("audit_log").columns(["server_id", "tool_name"]).execute();
}
