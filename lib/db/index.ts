import "server-only";
// The app's database handle: one per process (lib/process-wide.ts), migrated before first use.
import path from "node:path";
import type { Kysely } from "kysely";
import { appConfig } from "@/lib/config/env";
import { processWide } from "@/lib/process-wide";
import { openDatabase, type DatabaseTarget } from "./connect";
import { migrateToLatest } from "./migrate";
import type { Database } from "./schema";

type DbState = { db: Kysely<Database>; ready: Promise<void> };
const handle = processWide("database", () => ({ state: undefined as DbState | undefined }));

export function databaseTarget(): DatabaseTarget {
  const config = appConfig();
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl }
    : { kind: "sqlite", file: path.join(config.dataDir, "toolscope.db") };
}

/** The migrated database. The first call opens and migrates it; later calls reuse it. */
export async function database(): Promise<Kysely<Database>> {
  let state = handle.state;
  if (!state) {
    const db = openDatabase(databaseTarget());
    state = { db, ready: migrateToLatest(db as Kysely<unknown>) };
    handle.state = state;
  }
  await state.ready;
  return state.db;
}
