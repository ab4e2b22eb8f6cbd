import { describe, expect, it } from "vitest";
import { nonNullVariant } from "./nullable-schema";

describe("nonNullVariant", () => {
  it("finds S in the shapes of 'S or null'", () => {
    expect(nonNullVariant({ anyOf: [{ type: "string", maxLength: 5 }, { type: "null" }] })).toEqual({ type: "string", maxLength: 5 });
    expect(nonNullVariant({ oneOf: [{ type: "null" }, { type: "integer" }] })).toEqual({ type: "integer" });
    expect(nonNullVariant({ type: ["string", "null"], default: null })).toEqual({ type: "string", default: null });
  });

  it("leaves every other schema alone", () => {
    expect(nonNullVariant({ type: "string" })).toBeNull();
    expect(nonNullVariant({ anyOf: [{ type: "string" }, { type: "number" }] })).toBeNull();
    expect(nonNullVariant({ anyOf: [{ type: "string" }, { type: "number" }, { type: "null" }] })).toBeNull();
    expect(nonNullVariant({ type: ["string", "number", "null"] })).toBeNull();
  });
});
