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

/** Compiles a schema in its own dialect; a schema that does not compile is reported, not thrown. */
export function compileSchema(schema: unknown): CompiledSchema {
  try {
    // $id-less schemas are compiled fresh each time; callers cache by tool.
    return { ok: true, validate: ajvFor(dialectOf(schema)).compile(schema as object) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export type SchemaError = { path: string; message: string };

export function describeErrors(errors: ErrorObject[] | null | undefined): SchemaError[] {
  return (errors ?? []).map((e) => ({ path: e.instancePath || "/", message: e.message ?? e.keyword }));
}
