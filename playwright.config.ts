import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/chromium";

// Each run gets a fresh data directory, so tests never see an earlier run's audit log.
const dataDir = process.env.TOOLSCOPE_E2E_DATA_DIR ?? path.join(os.tmpdir(), `toolscope-e2e-${Date.now()}`);
process.env.TOOLSCOPE_E2E_DATA_DIR = dataDir;
const port = Number(process.env.TOOLSCOPE_E2E_PORT ?? 3100);

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  // On CI (2 shared cores, a 25-minute suite) one retry absorbs a timing flake; a test that needed
  // it is still named as flaky at the end of `npm test`, and one that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // Playwright empties its outputDir at start; keep it apart from the other reports in test-results/.
  outputDir: "test-results/playwright-artifacts",
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: "node --enable-source-maps .toolscope/server.mjs",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    env: { TOOLSCOPE_DATA_DIR: dataDir, TOOLSCOPE_PORT: String(port), NEXT_TELEMETRY_DISABLED: "1" },
  },
});
