import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // lib/ modules start with `import "server-only"`, which throws outside Next's server build.
      "server-only": path.resolve(import.meta.dirname, "test/server-only-stub.ts"),
    },
  },
  test: {
    include: ["lib/**/*.test.ts", "components/**/*.test.ts", "app/**/*.test.ts", "scripts/**/*.test.ts", "test/**/*.test.ts"],
    environment: "node",
    // The fixtures and other programs tests start, bundled once (test/programs.ts).
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two files at a time: most of a file's time is spent waiting on the real servers it starts
    // (processes, loopback ports chosen by the OS, PostgreSQL schemas of its own), so two cores
    // run the suite in about 40 % of the time one file at a time took (365 s → ~140 s).
    fileParallelism: true,
    maxWorkers: 2,
    // On CI a failed test runs once more, as Playwright's do; scripts/flaky-reporter.ts names
    // those that needed it, and a real fault fails twice.
    retry: process.env.CI ? 1 : 0,
  },
});
