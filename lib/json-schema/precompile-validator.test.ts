import vm from "node:vm";
import type { RJSFSchema } from "@rjsf/utils";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { COMPILE_TIMEOUT_MS, hasRecursiveRef, MAX_SCHEMA_BYTES, precompileValidator } from "./precompile-validator";

async function refusal(schema: unknown): Promise<{ code: string; status: number; message: string }> {
  const error: unknown = await precompileValidator(schema as RJSFSchema).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { code, status, message } = error as AppError;
  return { code, status, message };
}

/** Runs the module in a realm of its own; answers its (first) validate function. */
function run(code: string): { validate: (data: unknown) => boolean; context: Record<string, unknown> } {
  const compiled = { exports: {} as Record<string, (data: unknown) => boolean> };
  const context: Record<string, unknown> = { module: compiled, exports: compiled.exports, require: () => ({ fullFormats: {} }) };
  vm.runInNewContext(code, context);
  const [validate] = Object.values(compiled.exports);
  return { validate: validate!, context };
}

describe("precompileValidator", () => {
  it("answers a CommonJS module of validate functions, the same text for the same schema", async () => {
    const schema = { type: "object", properties: { n: { type: "integer" } } } as RJSFSchema;
    const code = await precompileValidator(schema);
    const validate = run(code).validate;
    expect([validate({ n: 1 }), validate({ n: 1.5 })]).toEqual([true, false]);
    expect(await precompileValidator(structuredClone(schema))).toBe(code);
  });

  it("says why Ajv rejects a schema", async () => {
    expect(await refusal({ type: "object", properties: { value: { type: "tuple" } } })).toMatchObject({
      code: "bad_request:body",
      message: expect.stringMatching(/^The schema does not compile: schema is invalid: data\/properties\/value\/type/),
    });
    expect((await refusal({ $schema: "http://json-schema.org/draft-04/schema#", type: "object" })).message).toMatch(
      /no schema with key or ref "http:\/\/json-schema.org\/draft-04\/schema#"/,
    );
  });

  it("refuses an $id that would end the comment Ajv writes it into, and keeps other ids", async () => {
    const hostile = { $id: "https://x.test/a*/;globalThis.pwned=1;/*", type: "object" };
    expect(await refusal(hostile)).toMatchObject({ code: "bad_request:body", message: expect.stringContaining('$id containing "*/"') });
    expect(await refusal({ type: "object", properties: { a: { $id: "x*/y", type: "string" } } })).toMatchObject({
      code: "bad_request:body",
    });
    await expect(precompileValidator({ $id: "https://x.test/ok", type: "object" } as RJSFSchema)).resolves.toContain(
      'sourceURL="https://x.test/ok"',
    );
  });

  it("keeps hostile text in every other place of the schema as data", async () => {
    const hostile = [
      "*/globalThis.pwned=1;/*",
      '"};globalThis.pwned=1;//',
      "\u2028globalThis.pwned=1",
      "`${globalThis.pwned=1}`",
      "</script><script>globalThis.pwned=1//",
    ];
    const properties = Object.fromEntries(
      hostile.map((text, i) => [
        text,
        {
          type: "string",
          title: text,
          description: text,
          default: text,
          examples: [text],
          enum: [text, `${i}`],
          $comment: text,
          format: text,
        },
      ]),
    );
    const schema = {
      type: "object",
      title: hostile[0],
      properties,
      required: hostile,
      patternProperties: { "^x*/globalThis.pwned=1;/*$": {} },
    };
    const { validate, context } = run(await precompileValidator(schema as RJSFSchema));
    expect(validate(Object.fromEntries(hostile.map((text) => [text, text])))).toBe(true);
    expect(context.pwned).toBeUndefined();
  });

  it("refuses schemas too large or too deep", async () => {
    const large = { type: "object", description: "x".repeat(MAX_SCHEMA_BYTES) };
    expect(await refusal(large)).toMatchObject({ code: "payload_too_large:body", status: 413, message: expect.stringContaining("256 KB") });
    let deep: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 70; i++) deep = { type: "object", properties: { n: deep } };
    expect(await refusal(deep)).toMatchObject({ code: "bad_request:body", message: expect.stringContaining("nests deeper than 128") });
  });

  it("tells recursive $refs from shared ones", () => {
    const tree = {
      $defs: { node: { properties: { children: { items: { $ref: "#/$defs/node" } } } } },
      properties: { root: { $ref: "#/$defs/node" } },
    };
    expect(hasRecursiveRef(tree as RJSFSchema)).toBe(true);
    expect(hasRecursiveRef({ properties: { again: { $ref: "#" } } } as RJSFSchema)).toBe(true);
    const shared = {
      $defs: { a: { $ref: "#/$defs/b" }, b: { type: "string" } },
      properties: { x: { $ref: "#/$defs/a" }, y: { $ref: "#/$defs/a" } },
    };
    expect(hasRecursiveRef(shared as RJSFSchema)).toBe(false);
    expect(hasRecursiveRef({ properties: { x: { $ref: "other.json#/x" } } } as RJSFSchema)).toBe(false);
  });

  it(
    "gives up on a schema that takes too long or too much memory to compile, and compiles the next one",
    async () => {
      // $refs shared along a path: RJSF's parser expands every path, 2^30 of them.
      const $defs: Record<string, unknown> = { d30: { type: "string" } };
      for (let i = 0; i < 30; i++)
        $defs[`d${i}`] = { type: "object", properties: { a: { $ref: `#/$defs/d${i + 1}` }, b: { $ref: `#/$defs/d${i + 1}` } } };
      const started = Date.now();
      expect((await refusal({ type: "object", $defs, properties: { root: { $ref: "#/$defs/d0" } } })).message).toMatch(
        /took longer than 10 s to compile|needs more memory to compile/,
      );
      expect(Date.now() - started).toBeLessThan(COMPILE_TIMEOUT_MS + 3_000);
      await expect(precompileValidator({ type: "object", properties: { after: { type: "string" } } } as RJSFSchema)).resolves.toContain(
        "exports",
      );
    },
    COMPILE_TIMEOUT_MS + 15_000,
  );
});
