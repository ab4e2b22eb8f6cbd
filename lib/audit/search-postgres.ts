// Text search of the audit log on PostgreSQL: a walk of the newest records, then the trigram
// index over search_text (migration 0007's lower-cased copy of the searched text).
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../db/schema";
import { likePattern, type RecordFilters, type TextQuery, type TextSearch } from "./filters";
import type { AuditRecord } from "./records";

/** The check the walk makes of each of the newest records: a substring search of the stored lower-cased text. */
function pgTextContains(text: string): RawBuilder<boolean> {
  return sql<boolean>`strpos(recent.search_text, lower(${text})) > 0`;
}

/** The same test in the form the trigram index answers. */
function pgTextLike(text: string): RawBuilder<boolean> {
  return sql<boolean>`audit_log.search_text like lower(${likePattern(text, false)}) escape '\\'`;
}

export class PostgresSearch implements TextSearch {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly filters: RecordFilters,
    /** How many of the newest records a text search walks before it asks the index. */
    private readonly searchRecentRows: number,
  ) {}

  /**
   * A text search on PostgreSQL. Neither plan alone keeps the work low: walking newest first
   * checks about 50/f records for a word in a fraction f of them (every record when it matches
   * nothing), while the trigram index yields every match plus look-alikes, all read again to
   * check them and sorted before the newest can be picked (at a million records, 1.5 s for a
   * word in a few records per thousand). So the newest records are walked first (about 1 µs a
   * record: strpos over the stored lower-cased text), which fills the page for any word that
   * is not rare; a word with less than a page among them is rare, and the index finds all of
   * its matches at once.
   */
  async list(query: TextQuery, limit: number): Promise<AuditRecord[]> {
    const { db, filters } = this;
    const newest = filters
      .scoped(query)
      .select(sql<string>`audit_log.search_text`.as("search_text"))
      .orderBy("audit_log.id", "desc")
      .limit(this.searchRecentRows);
    const recent = await db
      .selectFrom(newest.as("recent"))
      .select(filters.columns)
      .where(pgTextContains(query.q))
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    if (recent.length === limit) return recent as AuditRecord[];
    // Pinned to the index (for this transaction only): left alone, the planner may walk instead.
    return db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_indexscan = off`.execute(trx);
      return filters.scoped(query, trx).where(pgTextLike(query.q)).orderBy("audit_log.id", "desc").limit(limit).execute();
    });
  }

  /** PostgreSQL's index is kept up to date by the database itself. */
  scheduleIndexing(): void {}

  async catchUp(): Promise<void> {}
}
