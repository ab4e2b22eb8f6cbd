// The lint step's rules that keep the code's shape, shown failing on what they forbid: two
// modules in a temporary folder, linted with the project's own eslint.config.mjs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { afterEach, describe, expect, it } from "vitest";

const CONFIG = path.resolve(import.meta.dirname, "..", "eslint.config.mjs");
let dir = "";

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

async function lint(files: Record<string, string>): Promise<string[]> {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-lint-"));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  // The settings only quiet what the React and Next plugins say about a folder that is not an app.
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: CONFIG,
    overrideConfig: { settings: { react: { version: "19.0" } }, rules: { "@next/next/no-html-link-for-pages": "off" } },
  });
  const results = await eslint.lintFiles(Object.keys(files));
  return results.flatMap((r) => r.messages.map((m) => `${path.basename(r.filePath)}: ${m.ruleId ?? "parse"}: ${m.message}`));
}

describe("eslint.config.mjs", () => {
  it("fails on a new import cycle", async () => {
    const found = await lint({
      "a.ts": 'import { b } from "./b";\nexport const a = (): number => b + 1;\n',
      "b.ts": 'import { c } from "./c";\nexport const b = c * 2;\n',
      "c.ts": 'import { a } from "./a";\nexport const c = 1;\nexport const later = (): number => a();\n',
    });
    expect(found.filter((m) => m.includes("import/no-cycle")).length, found.join("\n")).toBeGreaterThan(0);
  });

  it("passes the same modules once the circle is broken", async () => {
    const found = await lint({
      "a.ts": 'import { b } from "./b";\nexport const a = (): number => b + 1;\n',
      "b.ts": 'import { c } from "./c";\nexport const b = c * 2;\n',
      "c.ts": "export const c = 1;\n",
    });
    expect(found).toEqual([]);
  });
});
