// Global setup of vitest and Playwright: bundle the programs the tests start (test/programs.ts),
// make Playwright's PostgreSQL database (test/postgres-database.ts) and put pg_trgm where no
// test's schema owns it (test/postgres-extensions.ts).
import { ensureSuiteDatabase } from "./postgres-database";
import { trigramInPublic } from "./postgres-extensions";
import { bundleTestPrograms } from "./programs";

export default async function globalSetup(): Promise<void> {
  await Promise.all([bundleTestPrograms(), ensureSuiteDatabase().then(trigramInPublic)]);
}
