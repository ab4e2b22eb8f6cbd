// The programs the tests start as child processes (the fixtures of test/fixtures, the demo
// server's CLI, the conformance driver), bundled once per run into .cache/test-programs by the
// global setup of vitest and Playwright. A child then starts as plain `node program.mjs`
// instead of compiling its TypeScript through tsx first: about 0.4 s and 0.6 s of CPU less per
// start, and the suites start a few hundred of them. Without a bundle (a program not listed
// here, or a run without the global setup), the child runs through tsx as before.
import fs from "node:fs";
import path from "node:path";

export const REPO_ROOT = path.resolve(import.meta.dirname, "..");
const OUT_DIR = path.join(REPO_ROOT, ".cache", "test-programs");

/** Every program a test may start, relative to the repo root. */
function entryPoints(): string[] {
  const fixtures = fs
    .readdirSync(path.join(REPO_ROOT, "test", "fixtures"))
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && name !== "spawn.ts")
    .map((name) => path.join("test", "fixtures", name));
  return [
    ...fixtures,
    path.join("lib", "demo-server", "cli.ts"),
    path.join("test", "conformance", "driver.ts"),
    path.join("test", "toolscope-process.ts"),
  ];
}

/** Bundles every program anew (a second or so); called by the suites' global setup. */
export async function bundleTestPrograms(): Promise<void> {
  const { build } = await import("esbuild");
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
  await build({
    absWorkingDir: REPO_ROOT,
    entryPoints: entryPoints(),
    outdir: OUT_DIR,
    outbase: REPO_ROOT,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: "tsconfig.json",
    logLevel: "warning",
    plugins: [
      {
        name: "packages-stay-external",
        setup(b) {
          // As in the server's own bundle (scripts/lib/build-server.mjs): this is server code.
          b.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
          b.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "" }));
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@/") ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
}

/**
 * The node arguments that run `file` (an absolute path to a .ts program): its bundle when the
 * global setup made one, or the TypeScript itself through tsx.
 */
export function programArgs(file: string): string[] {
  const relative = path.relative(REPO_ROOT, file);
  const bundled = path.join(OUT_DIR, relative.replace(/\.ts$/, ".mjs"));
  return fs.existsSync(bundled) ? [bundled] : ["--import", "tsx", file];
}
