// `npm test`: installs what is missing (Debian's chromium too, when run as root), then runs
// every check: the packages' install scripts, format, lint, typecheck and the production build
// side by side, then the unit, integration and component tests (vitest, against real servers and
// both databases) beside the browser tests (Playwright).
// Every step runs even if an earlier one failed; the exit code is non-zero if any failed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild, ensureDependenciesScriptsBeside, log, root, run, runCollected, runStreamed } from "./lib/prepare.mjs";
import { failedTests, flakyTests, slowestTestFiles, summarize } from "./summarize.mjs";

const results = path.join(root, "test-results");
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });
const checks = [];
const runStart = Date.now();
let stageStart = Date.now();
/** A stage's result; `since`: when it started, for stages run side by side (else when the last one ended). */
const record = (name, code, since = stageStart) => {
  const seconds = Math.round((Date.now() - since) / 1000);
  stageStart = Date.now();
  checks.push({ name, ok: code === 0, seconds });
  fs.writeFileSync(path.join(results, "checks.json"), JSON.stringify(checks, null, 2));
  if (code !== 0) log(`✗ ${name} failed`);
};

function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (fs.existsSync(chromium)) return 0;
  if (process.getuid?.() !== 0) {
    log(`Chromium is missing at ${chromium}. Install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`);
    return 1;
  }
  log("Installing Debian's chromium for the browser tests…");
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  if (run("apt-get", ["update", "-qq"], { env }) !== 0) return 1;
  return run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium"], { env });
}

// The tests set what each needs; nothing of an operator's own Toolscope settings (a token, a
// database URL, a port) may leak into what they start. TOOLSCOPE_TEST_* settings are the tests' own.
for (const name of Object.keys(process.env)) {
  const product = (name.startsWith("TOOLSCOPE_") && !name.startsWith("TOOLSCOPE_TEST_")) || name === "DATABASE_URL" || name === "PORT";
  if (product) delete process.env[name];
}

const sideBySide = async (name, work) => {
  const since = Date.now();
  const code = await work();
  record(name, code, since);
  return code;
};
// The packages' install scripts (better-sqlite3's compile, mostly) run beside the checks below,
// none of which loads a native module (scripts/lib/prepare.mjs).
const installScripts = ensureDependenciesScriptsBeside(runCollected);
record("install", 0);
const nativeModules = sideBySide("install scripts", () => installScripts);
record("chromium installed", ensureChromium());

// These need nothing of each other: run side by side, as the two cores allow (each one's output
// is printed whole when it ends). The build skips its own typecheck: tsc runs here.
log("Format (prettier), lint (eslint), typecheck (tsc) and the production build (next build), side by side…");
const [native, , , , build] = await Promise.all([
  nativeModules,
  sideBySide("format", () => runCollected("npx", ["prettier", "--check", "--log-level", "warn", "."])),
  sideBySide("lint", () => runCollected("npx", ["eslint", ".", "--max-warnings=0"])),
  sideBySide("typecheck", () => runCollected("npx", ["tsc", "--noEmit"])),
  sideBySide("production build", () => ensureBuild({ typechecked: true, runner: runCollected })),
]);
// Then vitest and Playwright, side by side: each alone left a core idle a fifth of its time
// (a test waiting on a server, a worker on a page), and each fills the other's gaps (578 s one
// after the other, 491 s together). vitest's output is printed whole when it ends; Playwright's
// streams. They share nothing: each suite has its own bundles of the test programs
// (test/programs.ts), PostgreSQL databases (test/postgres-database.ts) and loopback ports.
log("Unit and integration tests (vitest) beside the browser tests (Playwright, Debian's chromium); vitest's output comes when it ends…");
/** A stage that cannot run because one it needs failed: counted as failed, and says why. */
const notRun = (name, why) => {
  log(`${name}: not run, ${why}`);
  record(name, 1);
  return Promise.resolve(1);
};
const nativeMissing = "the packages' install scripts failed (better-sqlite3 is not built)";
const vitest =
  native !== 0
    ? notRun("unit and integration tests", nativeMissing)
    : sideBySide("unit and integration tests", () =>
        runCollected("npx", [
          "vitest",
          "run",
          "--reporter=default",
          "--reporter=json",
          "--reporter=./scripts/flaky-reporter.ts",
          "--reporter=./scripts/file-times-reporter.ts",
          `--outputFile.json=${path.join(results, "vitest.json")}`,
        ]),
      );
const browser =
  native !== 0
    ? notRun("browser tests", nativeMissing)
    : build !== 0
      ? notRun("browser tests", "the production build failed")
      : sideBySide("browser tests", async () => {
          const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-e2e-"));
          const code = await runStreamed("npx", ["playwright", "test"], { env: { TOOLSCOPE_E2E_DATA_DIR: dataDir } });
          fs.rmSync(dataDir, { recursive: true, force: true });
          return code;
        });
await Promise.all([vitest, browser]);

const line = summarize();
log(
  `Stage times: ${checks.map((c) => `${c.name} ${c.seconds} s`).join(" · ")} (install scripts, format, lint, typecheck and build side by side, then vitest beside the browser tests) · in all ${Math.round((Date.now() - runStart) / 1000)} s`,
);
const slowest = slowestTestFiles(10);
if (slowest.length) log(`Slowest test files: ${slowest.map((f) => `${f.file} ${f.seconds} s`).join(" · ")}`);
const flaky = flakyTests();
if (flaky.length) log(`Passed only on a retry (timing under load; look at these): ${flaky.join("; ")}`);
for (const failure of failedTests()) log(`✗ ${failure}`);
log(
  checks.every((c) => c.ok)
    ? "All checks passed."
    : `Failed: ${checks
        .filter((c) => !c.ok)
        .map((c) => c.name)
        .join(", ")}`,
);
process.stdout.write(`${line}\n`);
process.exit(checks.every((c) => c.ok) ? 0 : 1);
