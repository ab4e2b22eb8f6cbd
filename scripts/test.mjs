// `npm test`: installs what is missing (Debian's chromium too, when run as root), then runs
// every check: format, lint, typecheck, unit and integration tests (vitest, against real
// servers and both databases), the production build, and the browser tests (Playwright).
// Every step runs even if an earlier one failed; the exit code is non-zero if any failed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild, ensureDependencies, log, root, run } from "./lib/prepare.mjs";
import { failedTests, flakyTests, summarize } from "./summarize.mjs";

const results = path.join(root, "test-results");
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });
const checks = [];
let stageStart = Date.now();
const record = (name, code) => {
  const seconds = Math.round((Date.now() - stageStart) / 1000);
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

ensureDependencies();
record("chromium installed", ensureChromium());

log("Format (prettier)…");
record("format", run("npx", ["prettier", "--check", "--log-level", "warn", "."]));
log("Lint (eslint)…");
record("lint", run("npx", ["eslint", ".", "--max-warnings=0"]));
log("Typecheck (tsc)…");
record("typecheck", run("npx", ["tsc", "--noEmit"]));
log("Unit and integration tests (vitest)…");
record(
  "unit and integration tests",
  run("npx", [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    "--reporter=./scripts/flaky-reporter.ts",
    `--outputFile.json=${path.join(results, "vitest.json")}`,
  ]),
);

const build = await ensureBuild();
record("production build", build);
if (build === 0) {
  log("Browser tests (Playwright, Debian's chromium)…");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-e2e-"));
  record("browser tests", run("npx", ["playwright", "test"], { env: { TOOLSCOPE_E2E_DATA_DIR: dataDir } }));
  fs.rmSync(dataDir, { recursive: true, force: true });
} else {
  record("browser tests", 1);
}

const line = summarize();
log(`Stage times: ${checks.map((c) => `${c.name} ${c.seconds} s`).join(" · ")}`);
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
