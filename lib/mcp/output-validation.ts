// Toolscope's own check of structuredContent against a tool's outputSchema. The verdict is
// reported next to the result, each error in plain words at the JSON pointer it is about; a
// non-conforming result is shown, never thrown away.
import type { ErrorObject, ValidateFunction } from "ajv";
import { compileSchema } from "@/lib/json-schema/dialect";
import { errorWords } from "@/lib/domain/schema-error-words";
import type { OutputValidation, SchemaErrorItem, Tool } from "../domain/mcp-types";

const compiled = new WeakMap<object, ValidateFunction | string>();

export function validateOutput(tool: Tool | undefined, structuredContent: unknown): OutputValidation {
  const schema = tool?.outputSchema;
  if (!schema) return { verdict: "none" };
  let validator = compiled.get(schema);
  if (validator === undefined) {
    const result = compileSchema(schema);
    validator = result.ok ? result.validate : result.error;
    compiled.set(schema, validator);
  }
  if (typeof validator === "string") return { verdict: "schema_error", message: `The output schema does not compile: ${validator}` };
  if (structuredContent === undefined)
    return { verdict: "invalid", errors: [{ path: "/", message: "the tool declares an output schema but returned no structuredContent" }] };
  return validator(structuredContent) ? { verdict: "valid" } : { verdict: "invalid", errors: inWords(validator.errors) };
}

function inWords(errors: ErrorObject[] | null | undefined): SchemaErrorItem[] {
  return (errors ?? []).map((e) => {
    const missing = e.keyword === "required" ? (e.params as { missingProperty?: unknown }).missingProperty : undefined;
    // A missing property is reported at its parent; it is the property that is required.
    const path = typeof missing === "string" ? `${e.instancePath}/${missing.replace(/~/g, "~0").replace(/\//g, "~1")}` : e.instancePath;
    return { path: path || "/", message: errorWords(e.keyword, e.params) ?? e.message ?? e.keyword };
  });
}
