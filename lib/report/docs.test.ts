// docs/report-card.md lists every rule of the report card with its severity: the table and
// lib/report/rules.ts are kept in step here.
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { RULES } from "./rules";

it("docs/report-card.md lists every rule, with its severity", () => {
  const doc = fs.readFileSync(path.resolve(import.meta.dirname, "..", "..", "docs", "report-card.md"), "utf8");
  const rows = [...doc.matchAll(/^\| `([a-z]+\/[a-z-]+)`\s*\| (error|warning|info)\s*\|/gm)].map((m) => `${m[1]} ${m[2]}`);
  expect(rows).toEqual(RULES.map((r) => `${r.id} ${r.severity}`));
});
