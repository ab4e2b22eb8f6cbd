// Opens the database: PostgreSQL when a URL is given, otherwise SQLite in a file (WAL
// mode, so readers never wait for the writer). Kept free of app config so tests can open
// either kind directly.
import fs from "node:fs";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import pg from "pg";
import { attachSqliteHandle } from "./run-queries";
import { SearchPathPostgresDialect } from "./search-path-introspector";
import type { Database } from "./schema";

export type DatabaseTarget = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string; searchPath?: string };

export function openDatabase(target: DatabaseTarget): Kysely<Database> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      ...(target.searchPath ? { options: `-c search_path=${target.searchPath}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new SearchPathPostgresDialect({ pool }) });
    Object.defineProperty(db, PG_POOL, { value: pool });
    return db;
  }
  fs.mkdirSync(path.dirname(target.file), { recursive: true, mode: 0o700 });
  const sqlite = new BetterSqlite3(target.file);
  ownerOnly(target.file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return attachSqliteHandle(db, sqlite);
}

/**
 * The database holds the audit log, people and encrypted secrets: readable by its owner only.
 * SQLite creates its -wal and -shm files with the database file's permissions. Best effort: a
 * file owned by someone else (a mounted volume) is left as it is.
 */
function ownerOnly(file: string): void {
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      fs.chmodSync(name, 0o600);
    } catch {
      // Missing (-wal before the first write) or not ours.
    }
  }
}

const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely prepares every query anew; with better-sqlite3 that preparation is a large share of
 * a small write's cost (the audit log writes two rows per tool call). Queries are parameterised,
 * so their SQL repeats and their prepared statements can be reused.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): BetterSqlite3.Database {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, BetterSqlite3.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      statement = prepare(source);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
  return sqlite;
}

const PG_POOL = Symbol.for("toolscope.pg-pool");

/** The pg pool under a PostgreSQL database handle, for a library that takes one (rate-limiter-flexible). */
export function postgresPool(db: Kysely<Database>): pg.Pool | undefined {
  return (db as unknown as { [PG_POOL]?: pg.Pool })[PG_POOL];
}

export function describeTarget(target: DatabaseTarget): string {
  return target.kind === "sqlite" ? `SQLite at ${target.file}` : "PostgreSQL";
}
