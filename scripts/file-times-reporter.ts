// A vitest reporter that writes what each test file cost a worker, all of it: importing the file
// (collect), its set-up files, and its tests with their hooks. Vitest's JSON report times only the
// tests themselves, so a file that starts servers in beforeAll looked cheap there. Written to
// test-results/vitest-files.json; `npm test` prints the slowest.
import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

const OUT = path.resolve(import.meta.dirname, "..", "test-results", "vitest-files.json");

export type FileTime = { file: string; project: string; seconds: number; importSeconds: number; testSeconds: number };

export default class FileTimesReporter implements Reporter {
  private readonly files: FileTime[] = [];

  onTestModuleEnd(testModule: TestModule): void {
    const d = testModule.diagnostic();
    const importMs = d.collectDuration + d.setupDuration + d.prepareDuration + d.environmentSetupDuration;
    const seconds = (ms: number) => Math.round(ms / 100) / 10;
    this.files.push({
      file: path.relative(process.cwd(), testModule.moduleId),
      project: testModule.project.name,
      seconds: seconds(importMs + d.duration),
      importSeconds: seconds(importMs),
      testSeconds: seconds(d.duration),
    });
  }

  onTestRunEnd(): void {
    this.files.sort((a, b) => b.seconds - a.seconds);
    fs.mkdirSync(path.dirname(OUT), { recursive: true });
    fs.writeFileSync(OUT, JSON.stringify(this.files, null, 2));
  }
}
