// Store operations written once, as a sequence of compiled Kysely queries, and run the way
// each database needs. On SQLite the whole sequence runs synchronously (better-sqlite3 is
// synchronous anyway): no other query can interleave with a transaction, and none of the
// promise hops of Kysely's async driver are paid (they were most of an audited call's cost).
// SQLite writes are also committed in groups: the operations queued while the event loop was
// busy (the audit writes of concurrent tool calls) share one transaction, each in a savepoint
// of its own, so a commit's page writes and the search index's flush are paid once per group.
// On PostgreSQL the same sequence runs in an ordinary Kysely transaction, run again should the
// server pick it as a deadlock's victim.
import type BetterSqlite3 from "better-sqlite3";
import type { CompiledQuery, Kysely, QueryResult } from "kysely";

/** A store operation: yields each query, receives its result, returns the operation's value. */
export type QuerySteps<T> = Generator<CompiledQuery, T, QueryResult<unknown>>;

/**
 * Yields one query and returns its rows, typed as the query says they are: the one place a
 * result is narrowed to its rows' type (Kysely's compiled queries carry it, results do not).
 */
export function* rowsOf<R>(query: CompiledQuery<R>): QuerySteps<R[]> {
  const result = yield query;
  return result.rows as R[];
}

/** Yields one write and returns how many rows it changed. */
export function* affectedRows(query: CompiledQuery): QuerySteps<number> {
  const result = yield query;
  return Number(result.numAffectedRows ?? 0);
}

const SQLITE_HANDLE = Symbol.for("toolscope.sqlite-handle");

/** Marks a Kysely instance as SQLite over this better-sqlite3 handle (see connect.ts). */
export function attachSqliteHandle<DB>(db: Kysely<DB>, sqlite: BetterSqlite3.Database): Kysely<DB> {
  Object.defineProperty(db, SQLITE_HANDLE, { value: sqlite });
  return db;
}

function sqliteHandle(db: Kysely<unknown>): BetterSqlite3.Database | undefined {
  return (db as unknown as { [SQLITE_HANDLE]?: BetterSqlite3.Database })[SQLITE_HANDLE];
}

function runOnSqlite(sqlite: BetterSqlite3.Database, query: CompiledQuery): QueryResult<unknown> {
  const statement = sqlite.prepare(query.sql);
  const parameters = query.parameters as unknown[];
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes } = statement.run(parameters);
  return { rows: [], numAffectedRows: BigInt(changes) };
}

type TransactionFunction = BetterSqlite3.Transaction<<T>(work: () => T) => T>;

const transactions = new WeakMap<BetterSqlite3.Database, TransactionFunction>();

/**
 * One transaction function per handle (better-sqlite3 builds a wrapper per call of
 * .transaction()). Called inside a transaction, it runs as a savepoint.
 */
function transactionFunction(sqlite: BetterSqlite3.Database): TransactionFunction {
  let run = transactions.get(sqlite);
  if (!run) {
    run = sqlite.transaction(<T>(work: () => T): T => work()) as TransactionFunction;
    transactions.set(sqlite, run);
  }
  return run;
}

type QueuedWrite = { steps: () => QuerySteps<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };

const writeQueues = new WeakMap<BetterSqlite3.Database, QueuedWrite[]>();

/** Queues the steps for the next group commit, which runs once the current I/O callbacks are done. */
function queueWrite<T>(sqlite: BetterSqlite3.Database, steps: () => QuerySteps<T>): Promise<T> {
  let queue = writeQueues.get(sqlite);
  if (!queue) {
    const fresh: QueuedWrite[] = [];
    writeQueues.set(sqlite, fresh);
    setImmediate(() => commitGroup(sqlite, fresh));
    queue = fresh;
  }
  return new Promise<T>((resolve, reject) => queue.push({ steps, resolve: resolve as (value: unknown) => void, reject }));
}

function commitGroup(sqlite: BetterSqlite3.Database, queue: QueuedWrite[]): void {
  writeQueues.delete(sqlite);
  const settled: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
  try {
    // In the try: on a database closed since the writes were queued this throws, which must
    // reject them rather than escape from an event-loop callback and end the process.
    const transaction = transactionFunction(sqlite);
    const run = (write: QueuedWrite): unknown => drive(write.steps(), (query) => runOnSqlite(sqlite, query));
    // IMMEDIATE takes the write lock at BEGIN, so a second process (npm run audit:verify)
    // cannot make the transaction fail halfway when it upgrades from reading to writing.
    // A write alone needs no savepoint of its own: if it fails, the whole transaction is its own.
    if (queue.length === 1) {
      const value = transaction.immediate(() => run(queue[0]!));
      queue[0]!.resolve(value);
      return;
    }
    transaction.immediate(() => {
      for (const write of queue) {
        try {
          const value = transaction(() => run(write));
          settled.push({ ok: true, value });
        } catch (error) {
          settled.push({ ok: false, error });
        }
      }
    });
  } catch (error) {
    // BEGIN or COMMIT failed (the database is locked, full, closed): nothing of the group is written.
    for (const write of queue) write.reject(error);
    return;
  }
  queue.forEach((write, index) => {
    const outcome = settled[index]!;
    if (outcome.ok) write.resolve(outcome.value);
    else write.reject(outcome.error);
  });
}

function drive<T>(steps: QuerySteps<T>, run: (query: CompiledQuery) => QueryResult<unknown>): T {
  let step = steps.next();
  while (!step.done) step = steps.next(run(step.value));
  return step.value;
}

/** False once a SQLite database is closed; only SQLite handles can tell, so anything else counts as open. */
export function isOpen<DB>(db: Kysely<DB>): boolean {
  return sqliteHandle(db as Kysely<unknown>)?.open ?? true;
}

/** Runs one write: on its own on PostgreSQL, in the next group commit on SQLite. */
export async function runWrite<DB>(db: Kysely<DB>, query: CompiledQuery): Promise<QueryResult<unknown>> {
  const sqlite = sqliteHandle(db as Kysely<unknown>);
  return sqlite
    ? queueWrite(sqlite, function* (): QuerySteps<QueryResult<unknown>> {
        return yield query;
      })
    : retryingDeadlocks(() => db.executeQuery(query));
}

/** PostgreSQL's "deadlock detected": the victim's work was rolled back whole, so it may simply be run again. */
const DEADLOCK_DETECTED = "40P01";
// Five: on a busy machine a retry can take the same rows back before the winner, woken first, gets
// to them, and meet it in the same cycle again (lib/db/run-queries.postgres.test.ts saw it twice).
const DEADLOCK_ATTEMPTS = 5;

/**
 * Runs a PostgreSQL write again when the server chose it as a deadlock's victim. Concurrent
 * audit writes can meet in the trigram index and the chain's head under load; one of them is
 * rolled back, and a call must not fail for it.
 */
async function retryingDeadlocks<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= DEADLOCK_ATTEMPTS || (error as { code?: unknown } | null)?.code !== DEADLOCK_DETECTED) throw error;
    }
  }
}

/**
 * Runs the steps in one transaction (a savepoint in a group commit on SQLite), committed when
 * they return and rolled back if they throw.
 */
export async function runTransaction<DB, T>(db: Kysely<DB>, steps: () => QuerySteps<T>): Promise<T> {
  const sqlite = sqliteHandle(db as Kysely<unknown>);
  if (sqlite) return queueWrite(sqlite, steps);
  return retryingDeadlocks(() =>
    db.transaction().execute(async (trx) => {
      const generator = steps();
      let step = generator.next();
      while (!step.done) step = generator.next(await trx.executeQuery(step.value));
      return step.value;
    }),
  );
}
