import path from "node:path";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/chromium";
import { componentApi } from "./test/component-api";
import { bundlePath, REPO_ROOT, SUITE_VARIABLE } from "./test/programs";

// The programs tests start are bundled into a folder of vitest's own (test/programs.ts): npm test
// runs Playwright beside vitest, and each suite's global setup renews its own folder.
process.env[SUITE_VARIABLE] = "vitest";
// The demo server Toolscope starts in a test (lib/mcp/registry.ts) runs from that folder too.
process.env.TOOLSCOPE_TEST_DEMO_SERVER_BUNDLE = bundlePath(path.join(REPO_ROOT, "lib", "demo-server", "cli.ts"));

// Two layers of the test pyramid (docs/testing.md): unit and integration tests in Node (*.test.ts)
// and component tests in Debian's Chromium (*.test.tsx, vitest's browser mode). The browser
// journeys through a whole Toolscope are Playwright's (e2e/).
export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // lib/ modules start with `import "server-only"`, which throws outside Next's server build.
      "server-only": path.resolve(import.meta.dirname, "test/server-only-stub.ts"),
    },
  },
  test: {
    // A limit for a stuck test, not a speed claim: on CI's two cores, shared with the browser
    // tests, a first connection to a server (a fresh process, a fresh database) has taken 30 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two files at a time, one per core.
    fileParallelism: true,
    maxWorkers: 2,
    // On CI a failed test runs once more, as Playwright's do; scripts/flaky-reporter.ts names
    // those that needed it, and a real fault fails twice.
    retry: process.env.CI ? 1 : 0,
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: ["lib/**/*.test.ts", "components/**/*.test.ts", "app/**/*.test.ts", "scripts/**/*.test.ts", "test/**/*.test.ts"],
          environment: "node",
          // The fixtures and other programs tests start, bundled once (test/programs.ts).
          globalSetup: ["test/global-setup.ts"],
        },
      },
      {
        extends: true,
        plugins: [componentApi()],
        test: {
          name: "components",
          include: ["components/**/*.test.tsx"],
          setupFiles: ["test/component-setup.ts"],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } }),
            instances: [{ browser: "chromium" }],
            // Component tests look at what is rendered, not at pixels.
            screenshotFailures: false,
          },
        },
      },
    ],
  },
});
