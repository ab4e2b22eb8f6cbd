// Toolscope's own check of structuredContent against a tool's outputSchema. The verdict is
// reported next to the result; a non-conforming result is shown, never thrown away.
import type { ValidateFunction } from "ajv";
import { compileSchema, describeErrors } from "@/lib/json-schema/dialect";
import type { OutputValidation, Tool } from "./types";

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
  return validator(structuredContent) ? { verdict: "valid" } : { verdict: "invalid", errors: describeErrors(validator.errors) };
}
