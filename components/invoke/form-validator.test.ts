import type { RJSFSchema } from "@rjsf/utils";
import { describe, expect, it } from "vitest";
import { compiledValidator as validatorFor } from "./testing/compiled-validator";

const DRAFT_07 = {
  $schema: "http://json-schema.org/draft-07/schema#",
  type: "object",
  definitions: { operand: { type: "number" } },
  properties: { a: { $ref: "#/definitions/operand" }, b: { $ref: "#/definitions/operand" } },
  required: ["a", "b"],
} as RJSFSchema;

const DRAFT_2019 = {
  $schema: "https://json-schema.org/draft/2019-09/schema",
  type: "object",
  properties: { name: { type: "string" } },
  allOf: [{ properties: { age: { type: "integer" } } }],
  unevaluatedProperties: false,
} as RJSFSchema;

// No $schema: 2020-12, as MCP specifies.
const DRAFT_2020 = {
  type: "object",
  properties: { point: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false } },
} as RJSFSchema;

describe("form validators compiled on the server", () => {
  it("validates a draft-07 schema's definitions/$ref with a draft-07 validator", async () => {
    const validator = await validatorFor(DRAFT_07);
    expect(validator.validateFormData({ a: 1, b: 2.5 }, DRAFT_07).errors).toEqual([]);
    const { errors } = validator.validateFormData({ a: "one", b: 2 }, DRAFT_07);
    expect(errors).toEqual([
      expect.objectContaining({ property: ".a", message: "must be number", schemaPath: "#/definitions/operand/type" }),
    ]);
    expect(validator.validateFormData({ a: 1 }, DRAFT_07).errors.map((e) => e.message)).toEqual(["must have required property 'b'"]);
    expect(validator.isValid(DRAFT_07, { a: 1, b: 2 }, DRAFT_07)).toBe(true);
    expect(validator.isValid(DRAFT_07, { a: "one", b: 2 }, DRAFT_07)).toBe(false);
  });

  it("rejects properties a 2019-09 schema leaves unevaluated", async () => {
    const validator = await validatorFor(DRAFT_2019);
    expect(validator.rawValidation(DRAFT_2019, {}).validationError).toBeUndefined();
    expect(validator.validateFormData({ name: "Ada", age: 36 }, DRAFT_2019).errors).toEqual([]);
    const { errors } = validator.validateFormData({ name: "Ada", age: 36, extra: true }, DRAFT_2019);
    expect(errors).toEqual([expect.objectContaining({ name: "unevaluatedProperties", params: { unevaluatedProperty: "extra" } })]);
    expect(validator.isValid(DRAFT_2019, { name: "Ada", extra: true }, DRAFT_2019)).toBe(false);
  });

  it("checks each position of a 2020-12 prefixItems tuple, which draft-07 ignores", async () => {
    const validator = await validatorFor(DRAFT_2020);
    expect(validator.validateFormData({ point: ["x", 1] }, DRAFT_2020).errors).toEqual([]);
    const swapped = validator.validateFormData({ point: [1, "x"] }, DRAFT_2020).errors;
    expect(swapped.map((e) => [e.property, e.message])).toEqual([
      [".point.0", "must be string"],
      [".point.1", "must be integer"],
    ]);
    expect(validator.isValid(DRAFT_2020, { point: ["x", 1, "extra"] }, DRAFT_2020)).toBe(false);
    // Declared draft-07, the same schema reads `items: false` as "no items at all".
    const asDraft07 = { ...DRAFT_2020, $schema: "http://json-schema.org/draft-07/schema#" } as RJSFSchema;
    expect((await validatorFor(asDraft07)).rawValidation(asDraft07, { point: ["x", 1] }).errors).toHaveLength(2);
  });

  it("checks formats with the runtime the browser provides, and matches oneOf options", async () => {
    const schema = {
      type: "object",
      properties: {
        when: { type: "string", format: "date-time" },
        colour: { type: "string", format: "color" },
        code: { type: "string", minLength: 2, pattern: "^[a-z]+$" },
        tags: { type: "array", uniqueItems: true },
        target: {
          oneOf: [
            { type: "string", title: "Name" },
            { type: "integer", title: "Id" },
          ],
        },
      },
    } as RJSFSchema;
    const validator = await validatorFor(schema);
    const good = { when: "2026-11-02T10:00:00Z", colour: "#fff", code: "ab", tags: [1, 2], target: 3 };
    expect(validator.validateFormData(good, schema).errors).toEqual([]);
    const bad = { when: "yesterday", colour: "plaid", code: "A", tags: [1, 1] };
    expect(
      validator
        .validateFormData(bad, schema)
        .errors.map((e) => e.property)
        .sort(),
    ).toEqual([".code", ".code", ".colour", ".tags", ".when"]);
    const [name, id] = (schema.properties!.target as { oneOf: RJSFSchema[] }).oneOf as [RJSFSchema, RJSFSchema];
    expect([validator.isValid(name, 3, schema), validator.isValid(id, 3, schema)]).toEqual([false, true]);
  });

  it("validates a recursive schema from its root; a sub-schema without a function does not match", async () => {
    const schema = {
      type: "object",
      $defs: {
        node: { type: "object", properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/node" } } } },
      },
      properties: { root: { $ref: "#/$defs/node" } },
    } as RJSFSchema;
    const validator = await validatorFor(schema);
    const tree = (leaf: unknown) => ({ root: { name: "a", children: [{ name: "b", children: [{ name: leaf }] }] } });
    expect(validator.validateFormData(tree("c"), schema).errors).toEqual([]);
    expect(validator.validateFormData(tree(1), schema).errors.map((e) => e.property)).toEqual([".root.children.0.children.0.name"]);
    expect(validator.isValid({ type: "string" }, "x", schema)).toBe(false);
  });
});
