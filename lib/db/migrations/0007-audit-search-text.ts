// PostgreSQL's text search reads a stored, lower-cased copy of the searched text. A search
// first walks the newest records, checking each one; with ILIKE over the three columns joined
// at read time that check cost ~5-8 µs a record (the lower-casing, mostly), so a term found in
// a few records per thousand took 50-100 ms before the page was full. strpos() over the stored
// copy costs ~0.5 µs. The trigram index moves to the copy as well, so its recheck is a plain
// LIKE. The price: the text is stored twice (about 60 % more table at a million records), and
// adding the column rewrites the table once. SQLite is unchanged (its FTS5 index does this).
import { PostgresAdapter, sql, type Kysely } from "kysely";
import { createPgSearchIndex, PG_SEARCH_TEXT, trigramOperatorSchema } from "./0004-audit-search";

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table audit_log add column search_text text generated always as (lower(${PG_SEARCH_TEXT})) stored`.execute(db);
  await sql`drop index if exists audit_log_search`.execute(db);
  const schema = await trigramOperatorSchema(db);
  if (schema) await createPgSearchIndex(db, sql.raw("search_text"), schema);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index if exists audit_log_search`.execute(db);
  await sql`alter table audit_log drop column search_text`.execute(db);
  const schema = await trigramOperatorSchema(db);
  if (schema) await createPgSearchIndex(db, PG_SEARCH_TEXT, schema);
}
