import { describe, expect, it } from "vitest";
import { matchingNames, SHOWN_MATCHES } from "./tool-picker";

describe("the tool picker's matches", () => {
  const names = Array.from({ length: 10_000 }, (_v, i) => `tool_${String(i).padStart(5, "0")}`);

  it("offers at most 50, and counts them all", () => {
    expect(matchingNames(names, "")).toMatchObject({ total: 10_000 });
    expect(matchingNames(names, "").shown).toHaveLength(SHOWN_MATCHES);
    expect(matchingNames(names, "TOOL_0999")).toEqual({ shown: names.slice(9990), total: 10 });
  });

  it("finds nothing for a name no tool has", () => {
    expect(matchingNames(names, "nope")).toEqual({ shown: [], total: 0 });
  });
});
