// The lint step's rules that keep the code's shape, shown failing on what they forbid: a few
// modules in a temporary folder, linted with the project's own eslint.config.mjs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { afterEach, describe, expect, it } from "vitest";

const CONFIG = path.resolve(import.meta.dirname, "..", "eslint.config.mjs");
const ORIGINAL_CWD = process.cwd();
let dir = "";

// Back to where the process was before the folder goes: a lint still running when its test timed
// out has the process in that folder, and every test after it would find no working directory.
afterEach(() => {
  process.chdir(ORIGINAL_CWD);
  fs.rmSync(dir, { recursive: true, force: true });
});

async function lint(files: Record<string, string>): Promise<string[]> {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-lint-"));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  // The settings only quiet what the React and Next plugins say about a folder that is not an app.
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: CONFIG,
    overrideConfig: { settings: { react: { version: "19.0" } }, rules: { "@next/next/no-html-link-for-pages": "off" } },
  });
  // eslint-plugin-import resolves the layering's paths against the process's directory.
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    const results = await eslint.lintFiles(Object.keys(files));
    return results.flatMap((r) => r.messages.map((m) => `${path.relative(dir, r.filePath)}: ${m.ruleId ?? "parse"}: ${m.message}`));
  } finally {
    process.chdir(cwd);
  }
}

// The first lint loads the config's parsers and plugins: seconds on an idle machine, over thirty on
// one running the browser tests beside this. The limit ends a stuck lint, it does not time one.
describe("eslint.config.mjs", { timeout: 180_000 }, () => {
  it("fails on a new import cycle", async () => {
    const found = await lint({
      "lib/calls/a.ts": 'import { b } from "./b";\nexport const a = (): number => b + 1;\n',
      "lib/calls/b.ts": 'import { c } from "./c";\nexport const b = c * 2;\n',
      "lib/calls/c.ts": 'import { a } from "./a";\nexport const c = 1;\nexport const later = (): number => a();\n',
    });
    expect(found.filter((m) => m.includes("import-x/no-cycle")).length, found.join("\n")).toBeGreaterThan(0);
  });

  it("passes the same modules once the circle is broken", async () => {
    const found = await lint({
      "lib/calls/a.ts": 'import { b } from "./b";\nexport const a = (): number => b + 1;\n',
      "lib/calls/b.ts": 'import { c } from "./c";\nexport const b = c * 2;\n',
      "lib/calls/c.ts": "export const c = 1;\n",
    });
    expect(found).toEqual([]);
  });

  it("fails on a room that imports one above it, and passes the other way", async () => {
    const upward = await lint({
      "lib/domain/words.ts": 'import { run } from "../calls/run";\nexport const word = (): string => String(run);\n',
      "lib/calls/run.ts": "export const run = 1;\n",
    });
    expect(upward.join("\n")).toMatch(/^lib\/domain\/words\.ts: import\/no-restricted-paths: .*lib\/domain sits below/);
    const downward = await lint({
      "lib/domain/words.ts": 'export const word = "call";\n',
      "lib/calls/run.ts": 'import { word } from "../domain/words";\nexport const run = word.length;\n',
    });
    expect(downward).toEqual([]);
  });

  it("keeps test code out of the product", async () => {
    const found = await lint({
      "lib/mcp/pool.ts": 'import { fixture } from "../../test/fixture";\nexport const pool = fixture;\n',
      "test/fixture.ts": "export const fixture = 1;\n",
    });
    expect(found.join("\n")).toMatch(/^lib\/mcp\/pool\.ts: import\/no-restricted-paths: .*lib\/ is the product's server side/);
  });

  it("lets components/ take values only from lib/domain and lib/client, types from anywhere, and the API only through its client", async () => {
    const found = await lint({
      "components/panel.tsx":
        'import { pool } from "@/lib/mcp/pool";\nimport type { Row } from "@/lib/audit/store";\nimport { word } from "@/lib/domain/words";\nimport { fetchJson } from "@/lib/client/fetch-json";\nexport const panel = (row: Row): unknown => [pool, word, fetchJson, row];\n',
    });
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^components\/panel\.tsx: @typescript-eslint\/no-restricted-imports: .*browser-safe rooms/);
    expect(found[1]).toMatch(/^components\/panel\.tsx: @typescript-eslint\/no-restricted-imports: .*components\/api\/client\.ts/);
  });

  it("enforces the layering docs/architecture.md draws, in the same order", async () => {
    // The rooms in the order the lint step holds them: the targets of its zones, lowest first.
    const eslint = new ESLint({ cwd: path.dirname(CONFIG), overrideConfigFile: CONFIG });
    const rule = (await eslint.calculateConfigForFile("lib/errors.ts")).rules["import/no-restricted-paths"] as [
      unknown,
      { zones: { target: string }[] },
    ];
    const LAYERS = rule[1].zones.map((z) => /^\.\/lib\/([a-z-]+?)(\.ts)?$/.exec(z.target)?.[1]).filter((room) => room !== undefined);
    expect(LAYERS.length).toBeGreaterThan(20);
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, "..", "docs", "architecture.md"), "utf8");
    const table = doc.split("<!-- layers:")[1]!.split("\n\n")[1]!;
    const named = [...table.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!).filter((room) => LAYERS.includes(room));
    expect([...new Set(named)].reverse()).toEqual(LAYERS);
  });
});
