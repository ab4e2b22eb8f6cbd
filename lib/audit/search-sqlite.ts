// Text search of the audit log on SQLite: the FTS5 trigram index (audit_search) over the
// completed records up to `indexed_through`, filled in batches shortly after records complete
// (migration 0005), and a scan of the records it does not hold yet.
import { sql, type Kysely } from "kysely";
import { isOpen, rowsOf, runTransaction, type QuerySteps } from "../db/run-queries";
import type { Database } from "../db/schema";
import { scanningFor, type RecordFilters, type RecordQuery, type TextQuery, type TextSearch } from "./filters";
import type { AuditRecord } from "./records";

const SEARCH_INDEX_BATCH_ROWS = 5_000;
const SEARCH_INDEX_RETRY_MS = 5_000;

/** The databases whose first store has scheduled the start-up catch-up (see the constructor). */
const caughtUpAtStart = new WeakSet<Kysely<Database>>();

export class SqliteSearch implements TextSearch {
  /** The next batch's timer, and when it fires. */
  private timer: ReturnType<typeof setTimeout> | undefined;
  private dueAt = Infinity;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly filters: RecordFilters,
    /** How long a completed record waits to be indexed for search, with those after it. */
    private readonly delayMs: number,
  ) {
    // The first store over a database catches up with what an earlier process left unindexed.
    if (!caughtUpAtStart.has(db)) {
      caughtUpAtStart.add(db);
      this.scheduleIndexing();
    }
  }

  /**
   * A text search on SQLite. The trigram index holds the completed records up to
   * `indexed_through`, read newest first (its rowids are the records', which grow with their
   * ids), so a common word stops after a page; the records after that point (the last fraction
   * of a second's calls) and the pending ones are scanned. Pending records are read before the
   * index: one that completes in between is indexed by then, in the transaction that
   * completed it, so it cannot be missed; one found twice is kept once.
   */
  async list(query: TextQuery, limit: number): Promise<AuditRecord[]> {
    const { db, filters } = this;
    // The trigram index finds substrings of three characters or more.
    if ([...query.q].length < 3) return filters.newest(query, limit).where(scanningFor(query.q)).execute();
    const { indexed_through: through } = await db
      .selectFrom("audit_search_state")
      .select("indexed_through")
      .where("id", "=", 1)
      .executeTakeFirstOrThrow();
    const newestFirst = <Q extends RecordQuery>(q: Q) => q.orderBy("audit_log.id", "desc").limit(limit).execute();
    const pending = await newestFirst(filters.scoped(query).where("audit_log.outcome", "=", "pending").where(scanningFor(query.q)));
    const unindexed = await newestFirst(filters.scoped(query).where("audit_log.id", ">", through).where(scanningFor(query.q)));
    const indexed = await filters
      .scoped(query)
      .innerJoin(sql<Record<string, never>>`audit_search`.as("audit_search"), (join) =>
        join.on(sql<boolean>`audit_search.rowid = audit_log.rowid`),
      )
      .where(sql<boolean>`audit_search match ${`"${query.q.replace(/"/g, '""')}"`}`)
      .orderBy(sql`audit_search.rowid`, "desc")
      .limit(limit)
      .execute();
    const byId = new Map<string, AuditRecord>();
    for (const record of [...pending, ...unindexed, ...indexed]) byId.set(record.id, record);
    return [...byId.values()].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).slice(0, limit);
  }

  /** Indexes the new records within `delayMs`, in one batch with those that follow them. */
  scheduleIndexing(delayMs = this.delayMs): void {
    const dueAt = Date.now() + delayMs;
    if (this.timer && this.dueAt <= dueAt) return;
    clearTimeout(this.timer);
    this.dueAt = dueAt;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.dueAt = Infinity;
      runTransaction(this.db, () => this.indexBatch(SEARCH_INDEX_BATCH_ROWS)).then(
        (count) => {
          if (count === SEARCH_INDEX_BATCH_ROWS) this.scheduleIndexing(0);
        },
        (error: unknown) => {
          // A closed database (the process is stopping, a test is over) has nothing left to index.
          if (!isOpen(this.db)) return;
          console.error("[toolscope] indexing the audit log for search failed:", error instanceof Error ? error.message : error);
          this.scheduleIndexing(SEARCH_INDEX_RETRY_MS);
        },
      );
    }, delayMs);
    this.timer.unref();
  }

  /** Brings the search index up to date now rather than in its next batch (imports, benchmarks). */
  async catchUp(): Promise<void> {
    while ((await runTransaction(this.db, () => this.indexBatch(SEARCH_INDEX_BATCH_ROWS))) === SEARCH_INDEX_BATCH_ROWS);
  }

  /** Indexes, in one transaction, up to `rows` of the records after `indexed_through`. */
  private *indexBatch(rows: number): QuerySteps<number> {
    const db = this.db;
    const [state] = yield* rowsOf(db.selectFrom("audit_search_state").select("indexed_through").where("id", "=", 1).compile());
    const through = state!.indexed_through;
    const [batch] = yield* rowsOf(
      db
        .selectFrom(db.selectFrom("audit_log").select("id").where("id", ">", through).orderBy("id").limit(rows).as("batch"))
        .select((eb) => [eb.fn.max<string | null>("id").as("last"), eb.fn.countAll<number>().as("count")])
        .compile(),
    );
    if (!batch?.last) return 0;
    // Records still pending are left out: the trigger indexes them when they complete.
    yield sql`insert into audit_search (rowid, arguments, result, error_message)
      select rowid, arguments, result, error_message from audit_log
      where id > ${through} and id <= ${batch.last} and chain_seq is not null`.compile(db);
    yield db.updateTable("audit_search_state").set({ indexed_through: batch.last }).where("id", "=", 1).compile();
    return Number(batch.count);
  }
}
