import "server-only";
// The app's database handle: one per process (kept on globalThis so that every route
// bundle shares it), migrated before first use.
import path from "node:path";
import type { Kysely } from "kysely";
import { appConfig } from "@/lib/config/env";
import { openDatabase, type DatabaseTarget } from "./connect";
import { migrateToLatest } from "./migrate";
import type { Database } from "./schema";

type DbState = { db: Kysely<Database>; ready: Promise<void> };
const KEY = Symbol.for("toolscope.db");
const globalStore = globalThis as typeof globalThis & { [KEY]?: DbState };

export function databaseTarget(): DatabaseTarget {
  const config = appConfig();
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl }
    : { kind: "sqlite", file: path.join(config.dataDir, "toolscope.db") };
}

/** The migrated database. The first call opens and migrates it; later calls reuse it. */
export async function database(): Promise<Kysely<Database>> {
  let state = globalStore[KEY];
  if (!state) {
    const db = openDatabase(databaseTarget());
    state = { db, ready: migrateToLatest(db as Kysely<unknown>) };
    globalStore[KEY] = state;
  }
  await state.ready;
  return state.db;
}
