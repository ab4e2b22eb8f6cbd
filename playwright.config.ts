import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/chromium";
import { WORKERS, sharedToolscopePort } from "./e2e/shared-toolscope";
import { pointAtSuiteDatabase } from "./test/postgres-database";
import { SUITE_VARIABLE } from "./test/programs";

// The programs tests start are bundled into a folder of Playwright's own (test/programs.ts): npm
// test runs vitest beside Playwright, and each suite's global setup renews its own folder.
process.env[SUITE_VARIABLE] = "playwright";
// And a PostgreSQL database of its own: vitest's schema tests read the catalog of theirs.
pointAtSuiteDatabase("playwright");

// Each run gets a fresh data directory, so tests never see an earlier run's audit log; each worker
// has a Toolscope of its own in a folder of it, so two workers never see each other's servers or calls.
const dataDir = process.env.TOOLSCOPE_E2E_DATA_DIR ?? path.join(os.tmpdir(), `toolscope-e2e-${Date.now()}`);
process.env.TOOLSCOPE_E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: "e2e",
  // The fixtures and other programs tests start, bundled once (test/programs.ts).
  globalSetup: "./test/global-setup.ts",
  // Files are shared out between the workers; the tests of one file run in order, in one worker.
  fullyParallel: false,
  workers: WORKERS,
  // On CI (2 shared cores, a 25-minute suite) one retry absorbs a timing flake; a test that needed
  // it is still named as flaky at the end of `npm test`, and one that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  // A test that signs in and scans pages with axe in both themes takes 15-25 s alone on 2 idle
  // cores, and two workers plus a slow day (the whole suite took 2.5 times as long one morning)
  // took it to 55 s: 90 s, so that only a test that is stuck times out.
  timeout: 90_000,
  // What a page shows after a server's answer: 20 s, as a run on a slow CI machine (the browser
  // tests took three times as long one day) made 10 s waits for a listed resource or a dialog
  // fail twice. A passing wait costs nothing more.
  expect: { timeout: 20_000 },
  // Playwright empties its outputDir at start; keep it apart from the other reports in test-results/.
  outputDir: "test-results/playwright-artifacts",
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    // A trace records every action's snapshots and screencast: a quarter of a test's time on two
    // cores. Only a retry records one (CI retries once); locally, `--trace on` for the test at hand.
    trace: "on-first-retry",
    // One page per worker, reset between tests (cookies, cache, storage, routes, init scripts,
    // extra pages, viewport and emulation): a fresh context's first page cost twice the CPU of a
    // reused one (about 1 s more per test on two cores). A test that needs other context options
    // (test.use({ baseURL })) or a context of its own (browser.newContext) still gets a fresh one.
    reuseContext: true,
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  // One Toolscope per worker (e2e/test.ts points each worker's baseURL at its own).
  webServer: Array.from({ length: WORKERS }, (_unused, slot) => ({
    command: "node --enable-source-maps .toolscope/server.mjs",
    url: `http://127.0.0.1:${sharedToolscopePort(slot)}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe" as const,
    env: {
      TOOLSCOPE_DATA_DIR: path.join(dataDir, `worker-${slot}`),
      TOOLSCOPE_PORT: String(sharedToolscopePort(slot)),
      NEXT_TELEMETRY_DISABLED: "1",
    },
  })),
});
