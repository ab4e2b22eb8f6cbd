// What every page sends the browser, read off the production build: no page loads zod up
// front (390 KB of script to parse on every page, for schemas the server checks anyway). Client
// code takes constants and functions from zod-free modules (lib/domain/tool-rules.ts,
// lib/domain/saved-kinds.ts, lib/domain/transport-names.ts); only what is loaded lazily brings zod: an MCP
// App's frame on a tool with an app (the host SDK), the playground's chat (the AI SDK). npm test builds before it runs vitest.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const NEXT = path.resolve(import.meta.dirname, "..", ".next");
const built = fs.existsSync(path.join(NEXT, "BUILD_ID"));
const ZOD = /\$Zod(?:Type|AsyncError)\b/;

function manifests(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return manifests(full);
    return entry.name.endsWith("_client-reference-manifest.js") ? [full] : [];
  });
}

describe.skipIf(!built && !process.env.CI)("the client bundle of every page (production build)", () => {
  it("is there to read", () => {
    expect(built, "no production build in .next: run npm run build first").toBe(true);
  });

  it("loads no zod", () => {
    const pagesOf = new Map<string, string[]>();
    for (const manifest of manifests(path.join(NEXT, "server", "app"))) {
      const page = path.relative(path.join(NEXT, "server", "app"), manifest).replace(/_client-reference-manifest\.js$/, "");
      for (const [chunk] of fs.readFileSync(manifest, "utf8").matchAll(/static\/chunks\/[\w.-]+\.js/g))
        pagesOf.set(chunk, [...(pagesOf.get(chunk) ?? []), page]);
    }
    expect(pagesOf.size, "chunks named by the pages' manifests").toBeGreaterThan(0);
    const withZod = [...pagesOf]
      .filter(([chunk]) => ZOD.test(fs.readFileSync(path.join(NEXT, chunk), "utf8")))
      .map(([chunk, pages]) => `${chunk}: ${[...new Set(pages)].join(", ")}`);
    expect(withZod, "chunks with zod that pages load up front").toEqual([]);
  });
});
