// Global setup of vitest and Playwright: bundle the programs the tests start (test/programs.ts).
import { bundleTestPrograms } from "./programs";

export default async function globalSetup(): Promise<void> {
  await bundleTestPrograms();
}
