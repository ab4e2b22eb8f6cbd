import { describe, expect, it } from "vitest";
import { parseView, passesFilters, sortTools, viewQuery } from "./catalog-filters";

const tool = (name: string, extra: object = {}) => ({ name, inputSchema: { type: "object" as const }, ...extra });

describe("catalog view in the URL", () => {
  it("round-trips and ignores unknown filters", () => {
    const view = parseView(new URLSearchParams("q=note&f=readonly,bogus,output&sort=name"));
    expect(view).toEqual({ q: "note", filters: ["readonly", "output"], sort: "name" });
    expect(viewQuery(view)).toBe("?q=note&f=readonly%2Coutput&sort=name");
    expect(viewQuery(parseView(new URLSearchParams("")))).toBe("");
  });
});

describe("passesFilters", () => {
  const readOnly = tool("r", { annotations: { readOnlyHint: true } });
  const bare = tool("bare");
  const safeWrite = tool("w", { annotations: { destructiveHint: false, openWorldHint: false }, outputSchema: { type: "object" } });
  it("applies the spec's defaults: a tool with no hints is destructive and open-world", () => {
    expect(passesFilters(bare, ["destructive", "openworld"], {})).toBe(true);
    expect(passesFilters(readOnly, ["destructive"], {})).toBe(false);
    expect(passesFilters(safeWrite, ["destructive"], {})).toBe(false);
    expect(passesFilters(safeWrite, ["output"], {})).toBe(true);
    expect(passesFilters(readOnly, ["readonly", "openworld"], {})).toBe(true);
    expect(passesFilters(bare, ["invalid"], { bare: ["x"] })).toBe(true);
  });
  it("sorts by name on request and keeps server order otherwise", () => {
    const list = [tool("b"), tool("a")];
    expect(sortTools(list, "name").map((t) => t.name)).toEqual(["a", "b"]);
    expect(sortTools(list, "server").map((t) => t.name)).toEqual(["b", "a"]);
  });
});
