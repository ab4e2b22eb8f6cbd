// The programs the tests start as child processes (the fixtures of test/fixtures, the demo
// server's CLI, the conformance driver), bundled once per run into .cache/test-programs-<suite> by
// the global setup of vitest and Playwright (a folder each: npm test runs the two side by side, and
// one's setup must not empty the folder the other's tests are starting programs from). A child then starts as plain `node program.mjs`
// instead of compiling its TypeScript through tsx first: about 0.4 s and 0.6 s of CPU less per
// start, and the suites start a few hundred of them. Without a bundle (a program not listed
// here, or a run without the global setup), the child runs through tsx as before.
import fs from "node:fs";
import path from "node:path";
import type { BuildOptions, PluginBuild } from "esbuild";

export const REPO_ROOT = path.resolve(import.meta.dirname, "..");
/**
 * Which suite this process belongs to: each config names itself (vitest.config.ts,
 * playwright.config.ts) before its workers start, and they and their children inherit it.
 */
export const SUITE_VARIABLE = "TOOLSCOPE_TEST_SUITE";
const outDir = (): string => path.join(REPO_ROOT, ".cache", `test-programs-${process.env[SUITE_VARIABLE] ?? "other"}`);

/** Every program a test may start, relative to the repo root. */
function entryPoints(): string[] {
  const fixtures = fs
    .readdirSync(path.join(REPO_ROOT, "test", "fixtures"))
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && name !== "spawn.ts")
    .map((name) => path.join("test", "fixtures", name));
  return [...fixtures, path.join("lib", "demo-server", "cli.ts"), path.join("test", "toolscope-process.ts")];
}

/**
 * Programs bundled with their npm packages too: the conformance driver loads Toolscope's whole
 * client (the pool, OAuth, the stores) and starts once per scenario, 75 times a run. Resolving and
 * loading some hundred package files took 1.0 CPU-s a start; one file takes 0.4. The browser
 * tests' `npm run user:create` (e2e/user-create.ts) likewise.
 */
const SELF_CONTAINED = [path.join("test", "conformance", "driver.ts"), path.join("scripts", "user-create.ts")];
/** Packages with native addons, which load their binaries from beside themselves. */
const NATIVE_PACKAGES = ["better-sqlite3", "argon2", "pg-native"];

const emptyServerOnly = (b: PluginBuild): void => {
  // As in the server's own bundle (scripts/lib/build-server.mjs): this is server code.
  b.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
  b.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "" }));
};

/** Bundles every program anew (a few seconds); called by the suites' global setup. */
export async function bundleTestPrograms(): Promise<void> {
  const { build } = await import("esbuild");
  const out = outDir();
  fs.rmSync(out, { recursive: true, force: true });
  const common: BuildOptions = {
    absWorkingDir: REPO_ROOT,
    outdir: out,
    outbase: REPO_ROOT,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: "tsconfig.json",
    logLevel: "warning",
  };
  await Promise.all([
    build({
      ...common,
      entryPoints: entryPoints(),
      plugins: [
        {
          name: "packages-stay-external",
          setup(b) {
            emptyServerOnly(b);
            b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@/") ? undefined : { path: args.path, external: true }));
          },
        },
      ],
    }),
    build({
      ...common,
      entryPoints: SELF_CONTAINED,
      // Run with --conditions=react-server, as Next resolves server code.
      conditions: ["react-server"],
      external: NATIVE_PACKAGES,
      // The CommonJS packages in the bundle still require Node's built-ins.
      banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
      plugins: [{ name: "server-only-empty", setup: emptyServerOnly }],
    }),
  ]);
}

/**
 * The node arguments that run `file` (an absolute path to a .ts program): its bundle when the
 * global setup made one, or the TypeScript itself through tsx.
 */
export function programArgs(file: string): string[] {
  const bundled = bundlePath(file);
  return fs.existsSync(bundled) ? [bundled] : ["--import", "tsx", file];
}

/** Where the global setup bundles `file` (an absolute path to a .ts program) for this suite. */
export function bundlePath(file: string): string {
  return path.join(outDir(), path.relative(REPO_ROOT, file).replace(/\.ts$/, ".mjs"));
}
