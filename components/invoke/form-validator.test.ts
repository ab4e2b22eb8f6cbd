import type { RJSFSchema } from "@rjsf/utils";
import { describe, expect, it } from "vitest";
import { validatorFor } from "./form-validator";

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

describe("validatorFor", () => {
  it("validates a draft-07 schema's definitions/$ref with a draft-07 validator", () => {
    const validator = validatorFor(DRAFT_07);
    expect(validator.validateFormData({ a: 1, b: 2.5 }, DRAFT_07).errors).toEqual([]);
    const { errors } = validator.validateFormData({ a: "one", b: 2 }, DRAFT_07);
    expect(errors).toEqual([
      expect.objectContaining({ property: ".a", message: "must be number", schemaPath: "#/definitions/operand/type" }),
    ]);
    expect(validator.validateFormData({ a: 1 }, DRAFT_07).errors.map((e) => e.message)).toEqual(["must have required property 'b'"]);
    expect(validator.isValid(DRAFT_07, { a: 1, b: 2 }, DRAFT_07)).toBe(true);
    expect(validator.isValid(DRAFT_07, { a: "one", b: 2 }, DRAFT_07)).toBe(false);
    // The 2020-12 validator does not know the draft-07 meta-schema and cannot compile it at all.
    const modern = validatorFor({});
    expect(modern).not.toBe(validator);
    expect(modern.rawValidation(DRAFT_07, { a: 1, b: 2 }).validationError?.message).toMatch(
      /no schema with key or ref "http:\/\/json-schema.org\/draft-07\/schema#"/,
    );
  });

  it("rejects properties a 2019-09 schema leaves unevaluated", () => {
    const validator = validatorFor(DRAFT_2019);
    expect(validator.rawValidation(DRAFT_2019, {}).validationError).toBeUndefined();
    expect(validator.validateFormData({ name: "Ada", age: 36 }, DRAFT_2019).errors).toEqual([]);
    const { errors } = validator.validateFormData({ name: "Ada", age: 36, extra: true }, DRAFT_2019);
    expect(errors).toEqual([expect.objectContaining({ name: "unevaluatedProperties", params: { unevaluatedProperty: "extra" } })]);
    expect(validator.isValid(DRAFT_2019, { name: "Ada", extra: true }, DRAFT_2019)).toBe(false);
    // Neither the draft-07 nor the 2020-12 validator can compile it.
    expect(validatorFor(DRAFT_07).rawValidation(DRAFT_2019, {}).validationError).toBeDefined();
    expect(validatorFor({}).rawValidation(DRAFT_2019, {}).validationError).toBeDefined();
  });

  it("checks each position of a 2020-12 prefixItems tuple", () => {
    const validator = validatorFor(DRAFT_2020);
    expect(validator).toBe(validatorFor({ $schema: "https://json-schema.org/draft/2020-12/schema" }));
    expect(validator.validateFormData({ point: ["x", 1] }, DRAFT_2020).errors).toEqual([]);
    const swapped = validator.validateFormData({ point: [1, "x"] }, DRAFT_2020).errors;
    expect(swapped.map((e) => [e.property, e.message])).toEqual([
      [".point.0", "must be string"],
      [".point.1", "must be integer"],
    ]);
    expect(validator.isValid(DRAFT_2020, { point: ["x", 1, "extra"] }, DRAFT_2020)).toBe(false);
    // A draft-07 validator ignores prefixItems and reads `items: false` as "no items at all".
    expect(validatorFor(DRAFT_07).rawValidation(DRAFT_2020, { point: ["x", 1] }).errors).toHaveLength(2);
  });
});
