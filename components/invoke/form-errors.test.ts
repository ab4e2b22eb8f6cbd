import type { RJSFSchema, RJSFValidationError, ValidatorType } from "@rjsf/utils";
import { beforeAll, describe, expect, it } from "vitest";
import { schemaTools } from "@/lib/demo-server/tools/schemas";
import { formSchema } from "@/lib/domain/form-schema";
import { exceptRedacted, inPlainWords } from "./form-errors";
import { compiledValidator } from "./testing/compiled-validator";

function demoSchema(name: string): RJSFSchema {
  const tool = schemaTools.find((t) => t.definition.name === name);
  if (!tool) throw new Error(`the demo server has no tool ${name}`);
  return formSchema(tool.definition.inputSchema) as RJSFSchema;
}

describe("the errors of the variant the form shows, in plain words", () => {
  // configure_alert: channel is a oneOf of $ref'd objects told apart by a `kind` const;
  // threshold an anyOf of a number and a percentage string.
  const alert = demoSchema("configure_alert");
  let validator: ValidatorType;
  beforeAll(async () => {
    validator = await compiledValidator(alert);
  });
  const shown = (formData: unknown): [string | undefined, string | undefined][] =>
    validator.validateFormData(formData, alert, undefined, inPlainWords).errors.map((e) => [e.property, e.stack]);

  it("shows only the picked oneOf variant's errors, not the other variants' nor the oneOf's own", () => {
    expect(shown({ metric: "cpu", threshold: 5, channel: { kind: "webhook" } })).toEqual([[".channel.url", "channel › url is required"]]);
    expect(shown({ metric: "cpu", threshold: 5, channel: { kind: "sms", phone: "12" } })).toEqual([
      [".channel.phone", "channel › phone must match the pattern ^\\+[0-9]{6,15}$"],
    ]);
    expect(shown({ metric: "cpu", threshold: 5, channel: { kind: "email", to: "nobody" } })).toEqual([
      [".channel.to", "channel › to must be an email address"],
    ]);
  });

  it("shows only the anyOf variant that fits the value's kind", () => {
    expect(shown({ metric: "cpu", threshold: "ninety", channel: { kind: "email", to: "a@example.com" } })).toEqual([
      [".threshold", "Percentage must match the pattern ^[0-9]+%$"],
    ]);
  });

  it("keeps the errors outside the oneOf, and says a missing required field plainly", () => {
    expect(shown({ threshold: 5, window: "soon", channel: { kind: "webhook", url: "not a url" } })).toEqual([
      ["metric", "metric is required"],
      [".window", "window must match the pattern ^[0-9]+(s|m|h)$"],
      [".channel.url", "channel › url must be a full URL, such as https://example.com/page"],
    ]);
  });

  it("passes data that fits", () => {
    expect(shown({ metric: "cpu", threshold: "90%", channel: { kind: "sms", phone: "+4712345678" } })).toEqual([]);
  });

  it("keeps a oneOf's own error, in words, when the data fits several variants", async () => {
    const schema = {
      type: "object",
      properties: {
        size: {
          oneOf: [
            { type: "integer", title: "Count" },
            { type: "number", title: "Amount" },
          ],
        },
      },
    } as RJSFSchema;
    const v = await compiledValidator(schema);
    expect(v.validateFormData({ size: 3 }, schema, undefined, inPlainWords).errors.map((e) => e.stack)).toEqual([
      "size fits more than one of its kinds of value; it must fit exactly one",
    ]);
  });
});

describe("inPlainWords", () => {
  const error = (name: string, property: string, params: object, title = "") => ({
    name,
    property,
    params,
    title,
    message: "ajv's words",
    stack: "ajv's words",
  });

  it("writes each keyword for the person filling in the form, naming the field", () => {
    const words = inPlainWords([
      error("type", ".age", { type: "integer" }),
      error("minimum", ".tasks.0.estimateHours", { comparison: ">=", limit: 0 }),
      error("minLength", ".name", { limit: 1 }),
      error("maxItems", ".tags", { limit: 1 }),
      error("const", ".kind", { allowedValue: "email" }),
      error("enum", ".metric", { allowedValues: ["cpu", "memory"] }),
      error("uniqueItems", ".tags", { i: 2, j: 0 }),
      error("additionalProperties", "", { additionalProperty: "extra" }),
      error("format", ".when", { format: "date-time" }, "Starts at"),
    ]);
    expect(words.map((e) => [e.message, e.stack])).toEqual([
      ["age must be a whole number", "age must be a whole number"],
      ["estimateHours must be 0 or more", "tasks #1 › estimateHours must be 0 or more"],
      ["name must not be empty", "name must not be empty"],
      ["tags must have at most 1 item", "tags must have at most 1 item"],
      ['kind must be "email"', 'kind must be "email"'],
      ['metric must be one of "cpu", "memory"', 'metric must be one of "cpu", "memory"'],
      ["tags must not repeat an item (items 1 and 3 are the same)", "tags must not repeat an item (items 1 and 3 are the same)"],
      ['The arguments has a field "extra" that is not allowed here', 'The arguments has a field "extra" that is not allowed here'],
      ["Starts at must be a date and time", "Starts at must be a date and time"],
    ]);
  });

  it("keeps Ajv's words for a keyword it has none for, and says the same thing once", () => {
    const words = inPlainWords([
      error("if", ".a", {}),
      error("required", ".a.b", { missingProperty: "b" }),
      error("required", ".a.b", { missingProperty: "b" }),
    ]);
    expect(words.map((e) => e.stack)).toEqual(["ajv's words", "a › b is required"]);
  });
});

describe("exceptRedacted", () => {
  it("drops the errors of values still shown as [redacted], and keeps the others", () => {
    const errors = [
      { property: ".otp", name: "pattern", params: { pattern: "^[0-9]{6}$" }, message: "", stack: "" },
      { property: ".username", name: "minLength", params: { limit: 3 }, message: "", stack: "" },
      { property: ".keys.0", name: "pattern", params: {}, message: "", stack: "" },
    ] as RJSFValidationError[];
    const data = { otp: "[redacted]", username: "a", keys: ["[redacted]"] };
    expect(exceptRedacted(errors, data).map((error) => error.property)).toEqual([".username"]);
    expect(exceptRedacted(errors, { otp: "12", username: "a", keys: ["x"] })).toHaveLength(3);
  });
});
