// Store operations written once, as a sequence of compiled Kysely queries, and run the way
// each database needs. On SQLite the whole sequence runs synchronously (better-sqlite3 is
// synchronous anyway): no other query can interleave with a transaction, and none of the
// promise hops of Kysely's async driver are paid (they were most of an audited call's cost).
// On PostgreSQL the same sequence runs in an ordinary Kysely transaction.
import type BetterSqlite3 from "better-sqlite3";
import type { CompiledQuery, Kysely, QueryResult } from "kysely";

/** A store operation: yields each query, receives its result, returns the operation's value. */
export type QuerySteps<T> = Generator<CompiledQuery, T, QueryResult<unknown>>;

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

const transactions = new WeakMap<BetterSqlite3.Database, <T>(work: () => T) => T>();

/** better-sqlite3 builds a transaction wrapper per call of .transaction(); one per handle will do. */
function immediateTransaction(sqlite: BetterSqlite3.Database): <T>(work: () => T) => T {
  let run = transactions.get(sqlite);
  if (!run) {
    run = sqlite.transaction(<T>(work: () => T): T => work()).immediate as <T>(work: () => T) => T;
    transactions.set(sqlite, run);
  }
  return run;
}

function drive<T>(steps: QuerySteps<T>, run: (query: CompiledQuery) => QueryResult<unknown>): T {
  let step = steps.next();
  while (!step.done) step = steps.next(run(step.value));
  return step.value;
}

/** Runs one query outside any transaction. */
export async function runQuery<DB>(db: Kysely<DB>, query: CompiledQuery): Promise<QueryResult<unknown>> {
  const sqlite = sqliteHandle(db as Kysely<unknown>);
  return sqlite ? runOnSqlite(sqlite, query) : db.executeQuery(query);
}

/** Runs the steps in one transaction, committed when they return and rolled back if they throw. */
export async function runTransaction<DB, T>(db: Kysely<DB>, steps: () => QuerySteps<T>): Promise<T> {
  const sqlite = sqliteHandle(db as Kysely<unknown>);
  // IMMEDIATE takes the write lock at BEGIN, so a second process (npm run audit:verify)
  // cannot make the transaction fail halfway when it upgrades from reading to writing.
  if (sqlite) return immediateTransaction(sqlite)(() => drive(steps(), (query) => runOnSqlite(sqlite, query)));
  return db.transaction().execute(async (trx) => {
    const generator = steps();
    let step = generator.next();
    while (!step.done) step = generator.next(await trx.executeQuery(step.value));
    return step.value;
  });
}
