import { describe, expect, it } from "vitest";
import { dialectOf } from "@/lib/json-schema/dialect-of";
import { compileSchema } from "@/lib/json-schema/dialect";
import { formSchema } from "./form-schema";

describe("formSchema", () => {
  it("adds the type implied by a oneOf of consts (a titled enum)", () => {
    const schema = {
      properties: {
        units: {
          oneOf: [
            { const: "metric", title: "Celsius" },
            { const: "imperial", title: "Fahrenheit" },
          ],
        },
      },
    };
    expect(formSchema(schema).properties.units).toMatchObject({ type: "string", oneOf: [{ type: "string" }, { type: "string" }] });
  });

  it("infers from bare enums and consts, in $defs too, and leaves typed schemas and $refs alone", () => {
    const schema = {
      type: "object",
      $defs: { level: { enum: [1, 2, 3] }, kind: { const: "email" } },
      properties: { ref: { $ref: "#/$defs/level" }, typed: { type: "string", enum: ["a"] }, mixed: { enum: ["a", 1] } },
    };
    const out = formSchema(schema);
    expect(out.$defs.level).toEqual({ enum: [1, 2, 3], type: "integer" });
    expect(out.$defs.kind).toEqual({ const: "email", type: "string" });
    expect(out.properties.ref).toEqual({ $ref: "#/$defs/level" });
    expect(out.properties.typed).toEqual({ type: "string", enum: ["a"] });
    expect(out.properties.mixed).toEqual({ enum: ["a", 1] });
  });

  it("titles untitled oneOf/anyOf variants by type or $ref, keeping given titles", () => {
    const schema = {
      properties: {
        notes: { anyOf: [{ type: "string" }, { type: "null" }] },
        channel: { oneOf: [{ $ref: "#/$defs/web_hook" }, { type: "object", title: "Mine" }] },
      },
    };
    const out = formSchema(schema as Record<string, unknown>) as { properties: Record<string, Record<string, { title?: string }[]>> };
    expect(out.properties.notes!.anyOf!.map((v) => v.title)).toEqual(["Text", "None (null)"]);
    expect(out.properties.channel!.oneOf!.map((v) => v.title)).toEqual(["web hook", "Mine"]);
  });

  it("leaves a $ref variant untitled when the schema it points to has a title", () => {
    const schema = {
      $defs: { email: { type: "object", title: "Email" } },
      properties: { c: { oneOf: [{ $ref: "#/$defs/email" }, { type: "null" }] } },
    };
    const out = formSchema(schema as Record<string, unknown>) as { properties: Record<string, Record<string, { title?: string }[]>> };
    expect(out.properties.c!.oneOf!.map((v) => v.title)).toEqual([undefined, "None (null)"]);
  });

  it("does not modify its input", () => {
    const schema = { properties: { k: { const: 1 } } };
    formSchema(schema);
    expect(schema).toEqual({ properties: { k: { const: 1 } } });
  });
});

describe("dialects", () => {
  it("defaults to 2020-12 and honours $schema", () => {
    expect(dialectOf({ type: "object" })).toBe("2020-12");
    expect(dialectOf({ $schema: "http://json-schema.org/draft-07/schema#" })).toBe("draft-07");
    expect(dialectOf({ $schema: "https://json-schema.org/draft/2019-09/schema" })).toBe("2019-09");
    expect(dialectOf({ $schema: "https://json-schema.org/draft/2020-12/schema" })).toBe("2020-12");
  });

  it("compiles draft-07 and 2020-12 schemas with their own semantics", () => {
    const draft07 = compileSchema({
      $schema: "http://json-schema.org/draft-07/schema#",
      definitions: { n: { type: "number" } },
      properties: { a: { $ref: "#/definitions/n" } },
    });
    expect(draft07.ok && draft07.validate({ a: 1 }) && !draft07.validate({ a: "x" })).toBe(true);
    // prefixItems exists only in 2020-12
    const modern = compileSchema({ type: "array", prefixItems: [{ type: "string" }], items: false });
    expect(modern.ok && modern.validate(["x"]) && !modern.validate(["x", 1])).toBe(true);
  });

  it("reports a schema that does not compile instead of throwing", () => {
    expect(compileSchema({ type: "nonsense" })).toMatchObject({ ok: false });
  });
});
