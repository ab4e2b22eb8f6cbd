// Global setup of vitest and Playwright: bundle the programs the tests start (test/programs.ts),
// and put PostgreSQL's pg_trgm where no test's schema owns it (test/postgres-extensions.ts).
import { trigramInPublic } from "./postgres-extensions";
import { bundleTestPrograms } from "./programs";

export default async function globalSetup(): Promise<void> {
  await Promise.all([bundleTestPrograms(), trigramInPublic()]);
}
