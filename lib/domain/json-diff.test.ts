import { describe, expect, it } from "vitest";
import { jsonDiff } from "./json-diff";

describe("jsonDiff", () => {
  it("lists added, removed and changed paths, nested and in arrays", () => {
    expect(jsonDiff({ a: 1, b: { c: [1, 2] }, "odd key": true }, { a: 2, b: { c: [1, 3, 4] }, d: null })).toEqual([
      { path: ".a", kind: "changed", before: 1, after: 2 },
      { path: ".b.c[1]", kind: "changed", before: 2, after: 3 },
      { path: ".b.c[2]", kind: "added", after: 4 },
      { path: '["odd key"]', kind: "removed", before: true },
      { path: ".d", kind: "added", after: null },
    ]);
  });

  it("finds nothing between equal values, and compares unlike types whole", () => {
    expect(jsonDiff({ a: [1, { b: "x" }] }, { a: [1, { b: "x" }] })).toEqual([]);
    expect(jsonDiff({ a: [1] }, { a: { 0: 1 } })).toEqual([{ path: ".a", kind: "changed", before: [1], after: { 0: 1 } }]);
    expect(jsonDiff(null, 3)).toEqual([{ path: "(whole value)", kind: "changed", before: null, after: 3 }]);
  });
});
