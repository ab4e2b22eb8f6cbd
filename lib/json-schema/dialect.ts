// Ajv validators for a schema in the dialect it declares. Shared by Toolscope's own
// output validation and the demo server's input validation.
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import Ajv2019 from "ajv/dist/2019.js";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { dialectOf, type Dialect } from "./dialect-of";

type AjvInstance = InstanceType<typeof Ajv> | InstanceType<typeof Ajv2019> | InstanceType<typeof Ajv2020>;

const instances = new Map<Dialect, AjvInstance>();

function ajvFor(dialect: Dialect): AjvInstance {
  let ajv = instances.get(dialect);
  if (!ajv) {
    const options = { allErrors: true, strict: false, validateFormats: true } as const;
    ajv = dialect === "draft-07" ? new Ajv(options) : dialect === "2019-09" ? new Ajv2019(options) : new Ajv2020(options);
    addFormats(ajv as InstanceType<typeof Ajv>);
    instances.set(dialect, ajv);
  }
  return ajv;
}

export type CompiledSchema = { ok: true; validate: ValidateFunction } | { ok: false; error: string };

const compiled = new Map<string, CompiledSchema>();
const COMPILED_CACHE_SIZE = 2_000;

/**
 * Compiles a schema in its own dialect; a schema that does not compile is reported, not
 * thrown. Compilations are cached by the schema's text: catalogs repeat schemas (10,000
 * generated tools may share one), and compiling is the expensive part.
 */
export function compileSchema(schema: unknown): CompiledSchema {
  const key = JSON.stringify(schema) ?? "undefined";
  const hit = compiled.get(key);
  if (hit) return hit;
  let result: CompiledSchema;
  try {
    result = { ok: true, validate: ajvFor(dialectOf(schema)).compile(schema as object) };
  } catch (error) {
    result = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  if (compiled.size >= COMPILED_CACHE_SIZE) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, result);
  return result;
}

export type SchemaError = { path: string; message: string };

export function describeErrors(errors: ErrorObject[] | null | undefined): SchemaError[] {
  return (errors ?? []).map((e) => ({ path: e.instancePath || "/", message: e.message ?? e.keyword }));
}
