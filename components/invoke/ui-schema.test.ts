import type { RJSFSchema } from "@rjsf/utils";
import { describe, expect, it } from "vitest";
import { schemaTools } from "@/lib/demo-server/tools/schemas";
import { formSchema } from "@/lib/domain/form-schema";
import { uiSchemaFor } from "./ui-schema";

function demoSchema(name: string): RJSFSchema {
  const tool = schemaTools.find((t) => t.definition.name === name);
  if (!tool) throw new Error(`the demo server has no tool ${name}`);
  return formSchema(tool.definition.inputSchema) as RJSFSchema;
}

describe("uiSchemaFor", () => {
  it("makes the const discriminator of each $ref'd oneOf variant read-only", () => {
    const ui = uiSchemaFor(demoSchema("configure_alert"));
    const readonlyKind = { kind: { "ui:readonly": true } };
    expect(ui.channel).toEqual({ oneOf: [readonlyKind, { ...readonlyKind }, { ...readonlyKind }] });
    // Through a $ref, examples reach the field too.
    expect(ui.window).toEqual({ "ui:placeholder": "e.g. 5m" });
    // The anyOf's variants have nothing to show differently.
    expect(ui.threshold).toBeUndefined();
  });

  it("leaves a titled enum (a oneOf of consts) editable", () => {
    expect(uiSchemaFor(demoSchema("schedule_meeting")).priority).toBeUndefined();
  });

  it("reaches a const in nested objects, array items, maps and allOf", () => {
    const ui = uiSchemaFor({
      type: "object",
      properties: {
        version: { const: 2 },
        outer: { type: "object", properties: { inner: { type: "object", properties: { tag: { const: "x" } } } } },
        list: { type: "array", items: { type: "object", properties: { type: { const: "item" }, name: { type: "string" } } } },
        map: { type: "object", additionalProperties: { const: true } },
      },
      allOf: [{ properties: { schema: { const: "v1" } } }],
    });
    expect(ui).toEqual({
      version: { "ui:readonly": true },
      outer: { inner: { tag: { "ui:readonly": true } } },
      list: { items: { type: { "ui:readonly": true } } },
      map: { additionalProperties: { "ui:readonly": true } },
      schema: { "ui:readonly": true },
    });
  });

  it("gives a variant the field's own uiSchema too, since RJSF reads the variant's in its place", () => {
    const ui = uiSchemaFor({
      type: "object",
      properties: {
        shape: {
          examples: ["circle"],
          oneOf: [
            { type: "object", properties: { kind: { const: "circle" }, r: { type: "number" } } },
            { type: "string", examples: ["square"] },
          ],
        },
      },
    });
    expect(ui.shape).toEqual({
      "ui:placeholder": "e.g. circle",
      oneOf: [{ "ui:placeholder": "e.g. circle", kind: { "ui:readonly": true } }, { "ui:placeholder": "e.g. square" }],
    });
  });

  it("stops at a recursive $ref and on a schema whose $refs describe a huge form", () => {
    expect(uiSchemaFor(demoSchema("plan_project"))).toEqual({});
    const wide = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${i}`, { $ref: "#/$defs/node" }]));
    const schema = {
      type: "object",
      $defs: { node: { type: "object", properties: { ...wide, c: { const: 1 } } } },
      properties: wide,
    };
    const started = performance.now();
    const ui = uiSchemaFor(schema);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(ui.p0).toMatchObject({ c: { "ui:readonly": true } });
  });
});
