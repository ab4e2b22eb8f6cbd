// A PostgreSQL database of Playwright's own on the same server: npm test runs vitest beside
// Playwright, and a test that reads the catalog while the other suite drops one of its schemas
// fails ("schema … does not exist": Kysely's migrator introspects every schema of its database).
// No vitest here: Playwright's config and the global setup use it.
import pg from "pg";

const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/test";
/** The database the suite's own is made from (set once, so that workers loading the config again keep it). */
const BASE_VARIABLE = "TOOLSCOPE_TEST_POSTGRES_BASE_URL";

/** The base URL with the suite's name appended to its database's (`test` → `test_playwright`). */
export function suiteDatabaseUrl(base: string, suite: string): string {
  const url = new URL(base);
  const name = decodeURIComponent(url.pathname.slice(1)) || "postgres";
  url.pathname = `/${encodeURIComponent(`${name}_${suite}`)}`;
  return url.toString();
}

/** Points TOOLSCOPE_TEST_POSTGRES_URL, in this process and those it starts, at the suite's database. */
export function pointAtSuiteDatabase(suite: string): void {
  const base = (process.env[BASE_VARIABLE] ??= process.env.TOOLSCOPE_TEST_POSTGRES_URL ?? DEFAULT_URL);
  process.env.TOOLSCOPE_TEST_POSTGRES_URL = suiteDatabaseUrl(base, suite);
}

/** Creates the suite's database if pointAtSuiteDatabase() chose one and it is missing. */
export async function ensureSuiteDatabase(): Promise<void> {
  const base = process.env[BASE_VARIABLE];
  const target = process.env.TOOLSCOPE_TEST_POSTGRES_URL;
  if (!base || !target) return;
  const name = decodeURIComponent(new URL(target).pathname.slice(1));
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } catch (error) {
    // Another run made it meanwhile: 42P04 duplicate_database, or 23505 on the catalog's key.
    const code = (error as { code?: string }).code;
    if (code !== "42P04" && code !== "23505") throw error;
  } finally {
    await client.end();
  }
}
