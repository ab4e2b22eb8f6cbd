// For a test file whose app code must run on PostgreSQL (127.0.0.1:5432): a schema of its own,
// DATABASE_URL pointing at it and a data directory, set up before the file's tests and dropped
// after, with the environment put back.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { forgetProductSettings } from "@/test/product-settings";

export const POSTGRES_URL = process.env.TOOLSCOPE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Runs one statement on the test database as its admin (a schema's creation or drop). */
export async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** Registers the hooks; answers the schema's name. */
export function appOnPostgres(prefix: string): { schema: string } {
  const schema = `${prefix}_${crypto.randomBytes(4).toString("hex")}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const savedEnv = { ...process.env };
  beforeAll(async () => {
    forgetProductSettings();
    await admin(`create schema ${schema}`);
    Object.assign(process.env, {
      TOOLSCOPE_DATA_DIR: dataDir,
      TOOLSCOPE_DEMO_SERVER: "off",
      DATABASE_URL: `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    });
  });
  afterAll(async () => {
    const { database } = await import("@/lib/db");
    await (await database()).destroy();
    process.env = savedEnv;
    await admin(`drop schema ${schema} cascade`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { schema };
}
