// A test file's own Toolscope on SQLite: a fresh data folder, no demo server and none of the
// operator's settings, set before the file's tests; after them its database is closed, the
// environment restored and the folder removed. (Its PostgreSQL counterpart: test/app-on-postgres.ts.)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { database } from "@/lib/db";
import { forgetProductSettings } from "./product-settings";

/** Registers the hooks and returns the data folder (`prefix` names it, for whoever finds one left behind). */
export function onSqliteDataDir(prefix: string): string {
  const savedEnv = { ...process.env };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  beforeAll(() => {
    forgetProductSettings();
    Object.assign(process.env, { TOOLSCOPE_DATA_DIR: dataDir, TOOLSCOPE_DEMO_SERVER: "off" });
  });
  afterAll(async () => {
    await (await database()).destroy();
    process.env = savedEnv;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return dataDir;
}
