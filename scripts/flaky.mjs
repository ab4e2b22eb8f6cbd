// `npm run test:flaky -- <files> [--times N]`: runs the given test files N times (10 by default)
// while two busy-loop processes keep both cores of a CI machine busy, and reports every test that
// failed even once. Vitest files (*.test.ts, *.test.tsx) are run N times whole, set-up included;
// Playwright specs (e2e/*.spec.ts) with --repeat-each against the production build. A flake under
// load shows here, before a submission, instead of on CI. See docs/testing.md.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild, ensureDependencies, log, root, run } from "./lib/prepare.mjs";

const USAGE = "Usage: npm run test:flaky -- <test files…> [--times N] [--no-load]";

function parse(argv) {
  const files = [];
  let times = 10;
  let load = true;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--times") times = Number(argv[++i]);
    else if (arg.startsWith("--times=")) times = Number(arg.slice("--times=".length));
    else if (arg === "--no-load") load = false;
    else if (arg.startsWith("-")) throw new Error(`Unknown option ${arg}. ${USAGE}`);
    else files.push(arg);
  }
  if (!Number.isInteger(times) || times < 1) throw new Error(`--times wants a whole number of runs, 1 or more. ${USAGE}`);
  if (files.length === 0) throw new Error(`Name at least one test file. ${USAGE}`);
  for (const file of files) {
    if (!fs.existsSync(path.resolve(root, file))) throw new Error(`No such test file: ${file}`);
  }
  const browser = files.filter((file) => /\.spec\.ts$/.test(file));
  const unit = files.filter((file) => /\.test\.tsx?$/.test(file));
  const other = files.filter((file) => !browser.includes(file) && !unit.includes(file));
  if (other.length) throw new Error(`Not a test file (*.test.ts, *.test.tsx or e2e/*.spec.ts): ${other.join(", ")}`);
  return { browser, unit, times, load };
}

/** One busy loop per core: the load a shared CI machine puts beside the tests. */
function startLoad() {
  return Array.from({ length: Math.max(2, os.availableParallelism()) }, () =>
    spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
  );
}

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
};

/** Failed tests of one vitest JSON report, by file › name; a file that failed to load counts as a whole. */
function vitestFailures(report, reportPath) {
  if (!report) return [`(no report at ${reportPath}: vitest did not finish)`];
  const failures = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed) failures.push(`${name} › ${test.fullName}`);
    if (file.status === "failed" && failed.length === 0) failures.push(`${name} (${(file.message ?? "failed to run").split("\n")[0]})`);
  }
  return failures;
}

/** Failed runs of one Playwright JSON report, by file › title. */
function playwrightFailures(report, reportPath) {
  if (!report) return [`(no report at ${reportPath}: Playwright did not finish)`];
  const failures = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          if (result.status !== "passed" && result.status !== "skipped")
            failures.push(`${spec.file} › ${[...titles, spec.title].join(" › ")}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.title && !suite.title.endsWith(".ts") ? [...titles, suite.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const error of report.errors ?? []) failures.push(`(run error) ${String(error.message ?? "").split("\n")[0]}`);
  return failures;
}

async function main() {
  const { browser, unit, times, load } = parse(process.argv.slice(2));
  ensureDependencies();
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-flaky-"));
  const counts = new Map();
  const count = (failures) => failures.forEach((failure) => counts.set(failure, (counts.get(failure) ?? 0) + 1));
  if (browser.length && (await ensureBuild({ typechecked: false })) !== 0)
    throw new Error("The production build failed; the browser specs need it.");
  const busy = load ? startLoad() : [];
  const stopLoad = () => busy.forEach((child) => child.kill("SIGKILL"));
  process.once("exit", stopLoad);
  log(`${load ? `Under load (${busy.length} busy loops): ` : ""}${times} runs of ${[...unit, ...browser].join(", ")}`);
  try {
    for (let i = 1; i <= times && unit.length; i++) {
      const reportPath = path.join(outDir, `vitest-${i}.json`);
      log(`vitest run ${i} of ${times}…`);
      run("npx", ["vitest", "run", "--retry=0", "--reporter=dot", "--reporter=json", `--outputFile.json=${reportPath}`, ...unit]);
      count(vitestFailures(readJson(reportPath), reportPath));
    }
    if (browser.length) {
      const reportPath = path.join(outDir, "playwright.json");
      log(`Playwright, each test ${times} times…`);
      run("npx", ["playwright", "test", `--repeat-each=${times}`, "--retries=0", "--reporter=dot,json", ...browser], {
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: reportPath, TOOLSCOPE_E2E_DATA_DIR: fs.mkdtempSync(path.join(outDir, "e2e-")) },
      });
      count(playwrightFailures(readJson(reportPath), reportPath));
    }
  } finally {
    stopLoad();
  }
  if (counts.size === 0) {
    log(`No failure in ${times} runs of each.`);
    fs.rmSync(outDir, { recursive: true, force: true });
    return 0;
  }
  log(`Failed at least once (reports in ${outDir}):`);
  for (const [failure, n] of [...counts].sort((a, b) => b[1] - a[1])) log(`  ✗ ${n} of ${times}: ${failure}`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    log(error instanceof Error ? error.message : String(error));
    process.exit(2);
  },
);
