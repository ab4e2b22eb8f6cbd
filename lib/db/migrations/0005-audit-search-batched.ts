// SQLite's search index is filled in batches instead of by a trigger on every completed call.
// Each transaction that writes to an FTS5 table flushes a new index segment, which the table
// then merges: at one completed call per transaction that was about 40 % of an audited call's
// database work. Now the store indexes the records completed since its last batch a few times
// a second (lib/audit/search-sqlite.ts); `indexed_through` is the newest record id the index is
// complete up to, and a search scans the few records after it. A record still pending when
// its batch ran is indexed by a trigger when it completes. (PostgreSQL maintains its trigram
// index itself; nothing changes there.)
import { PostgresAdapter, sql, type Kysely } from "kysely";
import { createIndexingTriggers } from "./0004-audit-search";

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`create table audit_search_state (id integer primary key check (id = 1), indexed_through text not null)`.execute(db);
  // Everything completed is indexed by now (0004's triggers); what is pending will be by the trigger below.
  await sql`insert into audit_search_state (id, indexed_through) select 1, coalesce(max(id), '') from audit_log`.execute(db);
  await sql`drop trigger audit_search_complete`.execute(db);
  await sql`drop trigger audit_search_insert`.execute(db);
  await sql`drop trigger audit_search_delete`.execute(db);
  await sql`create trigger audit_search_late after update of chain_seq on audit_log
    when old.chain_seq is null and new.chain_seq is not null
      and new.id <= (select indexed_through from audit_search_state where id = 1) begin
    insert into audit_search (rowid, arguments, result, error_message) values (new.rowid, new.arguments, new.result, new.error_message);
  end`.execute(db);
  await sql`create trigger audit_search_delete after delete on audit_log
    when old.chain_seq is not null and old.id <= (select indexed_through from audit_search_state where id = 1) begin
    delete from audit_search where rowid = old.rowid;
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  // Back to indexing at completion: first index what the batches had not reached.
  await sql`insert into audit_search (rowid, arguments, result, error_message)
    select rowid, arguments, result, error_message from audit_log
    where chain_seq is not null and id > (select indexed_through from audit_search_state where id = 1)`.execute(db);
  for (const trigger of ["audit_search_late", "audit_search_delete"]) await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await sql`drop table audit_search_state`.execute(db);
  await createIndexingTriggers(db);
}
