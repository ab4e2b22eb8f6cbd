// The README's Layout section is a map of the tree: every folder at the top, in components/ and in
// lib/ is named there, and nothing named there is missing. A folder added or removed without the
// map fails here.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
const layout = readme.slice(readme.indexOf("## Layout\n"), readme.indexOf("\n## ", readme.indexOf("## Layout\n") + 1) >>> 0 || undefined);

/** The folders git tracks directly under `dir` ("" for the top). */
function trackedFolders(dir: string): string[] {
  const files = execFileSync("git", ["ls-files", "--", dir || "."], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
  const prefix = dir ? `${dir}/` : "";
  return [
    ...new Set(
      files
        .map((f) => f.slice(prefix.length).split("/"))
        .filter((parts) => parts.length > 1)
        .map((parts) => parts[0]!),
    ),
  ].sort();
}

/** The `name/` mentions in the paragraph that starts with `` `dir/`: `` (or the whole section for the top). */
function named(text: string): string[] {
  return [...new Set([...text.matchAll(/`([.\w-]+)\/`/g)].map((m) => m[1]!))].sort();
}

function paragraph(dir: string): string {
  const start = layout.indexOf(`\`${dir}/\`: `);
  expect(start, `the Layout section has a paragraph for ${dir}/`).toBeGreaterThan(-1);
  const end = layout.indexOf("\n\n", start);
  return layout.slice(start + dir.length + 4, end < 0 ? undefined : end);
}

describe("the README's Layout section", () => {
  it("names every folder at the top, and only those", () => {
    const table = layout.slice(0, layout.indexOf(`\`components/\`: `));
    expect(named(table)).toEqual(trackedFolders(""));
  });

  it.each(["components", "lib"])("names every folder of %s/, and only those", (dir) => {
    expect(named(paragraph(dir))).toEqual(trackedFolders(dir));
  });
});
