import { describe, expect, it } from "vitest";
import { formUnsupportedReason } from "./form-support";

describe("formUnsupportedReason", () => {
  it("accepts what the form renders", () => {
    expect(
      formUnsupportedReason({
        type: "object",
        properties: { a: { type: ["string", "null"] }, b: { type: "array", items: { type: "object" } } },
      }),
    ).toBeNull();
    expect(
      formUnsupportedReason({
        type: "object",
        properties: { c: { oneOf: [{ const: 1 }, { const: 2 }] } },
        $defs: { d: { type: "integer" } },
      }),
    ).toBeNull();
    expect(formUnsupportedReason({ type: "object", not: { required: ["x"] } })).toBeNull();
  });

  it("names what it cannot express, and where", () => {
    expect(formUnsupportedReason({ type: "object", properties: { pair: { type: "array", prefixItems: [{}, {}] } } })).toBe(
      "a tuple (prefixItems) at pair",
    );
    expect(formUnsupportedReason({ type: "object", properties: { v: { type: "tuple" } } })).toBe('the type "tuple" at v');
    expect(formUnsupportedReason({ type: "object", properties: { list: { type: "array", items: false } } })).toBe('"items": false at list');
    expect(
      formUnsupportedReason({ type: "object", properties: { a: { type: "object", properties: { b: { not: { type: "string" } } } } } }),
    ).toBe('"not" at a.b');
    expect(formUnsupportedReason({ type: "object", properties: { x: { anyOf: [{ type: "string" }, { type: "date" }] } } })).toBe(
      'the type "date" at x (anyOf[1])',
    );
  });

  it("survives cycles", () => {
    const schema: Record<string, unknown> = { type: "object", properties: {} };
    (schema.properties as Record<string, unknown>).self = schema;
    expect(formUnsupportedReason(schema)).toBeNull();
  });
});
