// Reads the reports that `npm test` leaves in test-results/ and prints one plain line:
// "N passed, N failed[, N skipped]". Missing reports count as failures, never as passes.
import fs from "node:fs";
import path from "node:path";

const dir = path.resolve(import.meta.dirname, "..", "test-results");

function readJson(name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, name), "utf8"));
  } catch {
    return undefined;
  }
}

export function summarize() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const checks = readJson("checks.json");
  if (!checks) failed++;
  for (const check of checks ?? []) {
    if (check.ok) passed++;
    else failed++;
  }

  const vitest = readJson("vitest.json");
  if (vitest) {
    passed += vitest.numPassedTests ?? 0;
    failed += (vitest.numFailedTests ?? 0) + (vitest.numRuntimeErrorTestSuites ?? 0);
    skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
    if (vitest.success === false && !vitest.numFailedTests && !vitest.numRuntimeErrorTestSuites) failed++;
  } else if (checks?.some((c) => c.name === "unit and integration tests")) failed++;

  const playwright = readJson("playwright.json");
  if (playwright?.stats) {
    passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
    failed += playwright.stats.unexpected ?? 0;
    skipped += playwright.stats.skipped ?? 0;
    if ((playwright.errors ?? []).length > 0) failed++;
  } else if (checks?.some((c) => c.name === "browser tests")) failed++;

  const flaky = (playwright?.stats?.flaky ?? 0) + (readJson("vitest-flaky.json")?.length ?? 0);
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}${flaky ? ` (${flaky} passed on a retry)` : ""}`;
}

/** Playwright's tests whose status is `status`, each with its name as "file › title". */
function browserTests(status) {
  const found = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === status) found.push({ name: [...trail, spec.title].filter(Boolean).join(" › "), test });
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of readJson("playwright.json")?.suites ?? []) walk(suite, [suite.title]);
  return found;
}

/** The tests that failed first and passed on their retry, as "file › title". */
export function flakyTests() {
  return [...(readJson("vitest-flaky.json") ?? []), ...browserTests("flaky").map(({ name }) => name)];
}

/**
 * Every test that failed for good, as "file › title: first line of its error": the end of CI's
 * log is often all that is kept, and a failure far above it is otherwise nameless there.
 */
export function failedTests() {
  const firstLine = (message) =>
    String(message ?? "")
      .replace(/\u001b\[[0-9;]*m/g, "") // terminal colours in the reporters' messages
      .trim()
      .split("\n")[0]
      .slice(0, 200);
  const found = [];
  for (const file of readJson("vitest.json")?.testResults ?? [])
    for (const t of file.assertionResults ?? [])
      if (t.status === "failed")
        found.push(`${path.relative(process.cwd(), file.name)} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  for (const { name, test } of browserTests("unexpected")) found.push(`${name}: ${firstLine(test.results?.at(-1)?.error?.message)}`);
  return found;
}

/**
 * The vitest files that cost their worker most, slowest first: where the suite's time goes. Each
 * file's whole cost (import, set-up, tests and hooks) from scripts/file-times-reporter.ts; without
 * that report, the span of its tests from vitest's JSON report.
 */
export function slowestTestFiles(count) {
  const files = readJson("vitest-files.json");
  if (files) return files.slice(0, count).map(({ file, seconds }) => ({ file, seconds }));
  return (readJson("vitest.json")?.testResults ?? [])
    .map((file) => ({
      file: path.relative(process.cwd(), file.name),
      seconds: Math.round(((file.endTime ?? 0) - (file.startTime ?? 0)) / 1000),
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${summarize()}\n`);
