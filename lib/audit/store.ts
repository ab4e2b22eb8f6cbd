// The audit store: a record is written (pending) before a call is forwarded and
// completed afterwards, so a call that reached a server is never missing from the log.
// Completing a record appends it to the hash chain (see chain.ts) in one transaction.
// This is the store's face; its jobs are done by the objects it is built from, once per
// store: records.ts (writing and reading records), chain-store.ts (the chain), liveness.ts
// (which processes are alive), filters.ts with search-sqlite.ts or search-postgres.ts.
import { PostgresAdapter, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import { AuditChain } from "./chain-store";
import type { ChainReport } from "./chain";
import { RecordFilters, type ListInvocations, type TextSearch } from "./filters";
import { processInstance, type AuditInstance } from "../cluster/instances";
import { Liveness } from "./liveness";
import {
  AuditRecords,
  DEFAULT_MAX_RESULT_BYTES,
  recordColumns,
  type AuditRecord,
  type FinishInvocation,
  type StartInvocation,
} from "./records";
import { PostgresSearch } from "./search-postgres";
import { SqliteSearch } from "./search-sqlite";

export type { AuditFilters, ListInvocations } from "./filters";
export {
  DEFAULT_MAX_RESULT_BYTES,
  RECORD_COLUMNS,
  idTimePrefix,
  newAuditId,
  type AuditRecord,
  type FinishInvocation,
  type StartInvocation,
} from "./records";

export type AuditStoreOptions = {
  /** Results larger than this (UTF-8 JSON bytes) are not stored; their size and SHA-256 are. */
  maxResultBytes?: number;
  /** How many of the newest records a PostgreSQL text search walks before it asks the index. */
  searchRecentRows?: number;
  /** How long a completed record waits to be indexed for search, with those after it (SQLite). */
  searchIndexDelayMs?: number;
  /**
   * The process writing through this store (the default: this one); see instances.ts. null
   * writes records as Toolscope did before migration 0008, naming no process (upgrade tests).
   */
  instance?: AuditInstance | null;
  /** false: reads and writes records as Toolscope did before migration 0009, without who acted (upgrade tests). */
  people?: boolean;
  /** The clock that times how long other processes' heartbeats stand still (tests move it). */
  clock?: () => number;
};

/** The audit store's operations (see the module's comment). */
export type AuditStore = {
  /** Writes a call's record, pending, before the call is forwarded. */
  startInvocation(input: StartInvocation): Promise<{ id: string; startedAt: number }>;
  /** Completes a call's record and appends it to the chain (once: a second completion changes nothing). */
  finishInvocation(input: FinishInvocation): Promise<void>;
  /** Brings SQLite's search index up to date now rather than in its next batch (imports, benchmarks). */
  catchUpSearchIndex(): Promise<void>;
  /** Keeps this instance's row alive (a running Toolscope calls it every HEARTBEAT_MS). */
  heartbeat(): Promise<void>;
  /**
   * Records left pending by a Toolscope process that is gone (a crash, a SIGKILL, a replica
   * that died) become "interrupted"; those of processes still running are theirs to complete.
   * `includeUnowned` also takes the records written before migration 0008, which name no
   * process: at start-up, as every pending record used to be. Rows of gone processes go too.
   */
  markInterrupted(options?: { includeUnowned?: boolean }): Promise<number>;
  /** This process stops: its pending records become "interrupted" and its instance row goes. */
  retire(): Promise<number>;
  /**
   * The running process (its id, see instances.ts) that opened this record; with `pending` (the
   * default), only while the record is pending. A process asks it before passing a request about
   * a call (a cancel, a task's status) to the one that runs it.
   */
  openerOf(auditId: string, options?: { pending?: boolean }): Promise<string | undefined>;
  /** The newest records that pass the filters, a page at a time (`before`: the last id of the page before). */
  listInvocations(query?: ListInvocations): Promise<AuditRecord[]>;
  getInvocation(id: string): Promise<AuditRecord | undefined>;
  /** Walks the chain from where retention left it to its head, recomputing every hash. */
  verifyChain(): Promise<ChainReport>;
  /**
   * Deletes completed records that started before `before`, oldest first, keeping the chain
   * verifiable: only a prefix of the chain goes, and its last hash is kept as the new start.
   * A record still pending, or completed after a newer one, stops the cut there.
   */
  purgeBefore(before: number): Promise<number>;
};

/**
 * The audit store over one database. The app builds one per database and process (see
 * index.ts); tests build several over one database, one per process they play.
 */
export function createAuditStore(db: Kysely<Database>, options: AuditStoreOptions = {}): AuditStore {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const instance = options.instance === undefined ? processInstance() : options.instance;
  const columns = recordColumns(options.people ?? true);
  const chain = new AuditChain(db, isPostgres, columns);
  const liveness = new Liveness(db, chain, instance, options.clock ?? Date.now);
  const records = new AuditRecords(db, liveness, options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES, options.people ?? true);
  const filters = new RecordFilters(db, isPostgres, columns);
  const search: TextSearch = isPostgres
    ? new PostgresSearch(db, filters, options.searchRecentRows ?? 20_000)
    : new SqliteSearch(db, filters, options.searchIndexDelayMs ?? 250);

  return {
    startInvocation(input: StartInvocation): Promise<{ id: string; startedAt: number }> {
      return records.start(input);
    },

    async finishInvocation(input: FinishInvocation): Promise<void> {
      await chain.complete(input.id, records.completion(input));
      search.scheduleIndexing();
    },

    catchUpSearchIndex(): Promise<void> {
      return search.catchUp();
    },

    async heartbeat(): Promise<void> {
      await liveness.heartbeat();
    },

    markInterrupted(sweep: { includeUnowned?: boolean } = {}): Promise<number> {
      return liveness.markInterrupted(sweep);
    },

    retire(): Promise<number> {
      return liveness.retire();
    },

    openerOf(auditId: string, { pending = true }: { pending?: boolean } = {}): Promise<string | undefined> {
      return liveness.openerOf(auditId, pending);
    },

    async listInvocations(query: ListInvocations = {}): Promise<AuditRecord[]> {
      const limit = Math.min(Math.max(query.limit ?? 50, 1), 1_000);
      const text = query.q;
      return text ? search.list({ ...query, q: text }, limit) : filters.newest(query, limit).execute();
    },

    getInvocation(id: string): Promise<AuditRecord | undefined> {
      return records.get(id);
    },

    verifyChain(): Promise<ChainReport> {
      return chain.verify();
    },

    purgeBefore(before: number): Promise<number> {
      return chain.purgeBefore(before);
    },
  };
}
