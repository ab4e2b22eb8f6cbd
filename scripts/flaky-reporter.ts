// A vitest reporter that names the tests which passed only on a retry (CI retries once, see
// vitest.config.ts): written to test-results/vitest-flaky.json, printed at the end of `npm test`,
// so that a flake under load shows instead of hiding behind the retry.
import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestCase } from "vitest/node";

const OUT = path.resolve(import.meta.dirname, "..", "test-results", "vitest-flaky.json");

export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    if (testCase.diagnostic()?.flaky) this.flaky.push(`${path.relative(process.cwd(), testCase.module.moduleId)} › ${testCase.fullName}`);
  }

  onTestRunEnd(): void {
    fs.mkdirSync(path.dirname(OUT), { recursive: true });
    fs.writeFileSync(OUT, JSON.stringify(this.flaky, null, 2));
  }
}
