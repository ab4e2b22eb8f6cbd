// pg_trgm in PostgreSQL's `public`, once for the whole run (test/global-setup.ts). Made by a test's
// own migration (0004), it would live in that test's schema, and dropping the schema would take it
// away, with the trigram indexes of every other test's schema ("referenced operator class was
// concurrently dropped"). No vitest here: Playwright's global setup runs it too, and npm test runs
// the two suites side by side: two sessions creating the extension at once, one fails on the
// catalog's unique key, so each takes a lock first.
import pg from "pg";

export async function trigramInPublic(): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TOOLSCOPE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test" });
  await client.connect();
  try {
    await client.query("begin");
    await client.query("select pg_advisory_xact_lock(hashtext('toolscope-test-pg_trgm'))");
    await client.query("create extension if not exists pg_trgm schema public");
    await client.query("alter extension pg_trgm set schema public");
    await client.query("commit");
  } finally {
    await client.end();
  }
}
