// RJSF validators per JSON Schema dialect: 2020-12 unless the schema's $schema says
// draft-07 (or 2019-09), as MCP specifies.
import { customizeValidator } from "@rjsf/validator-ajv8";
import type { ValidatorType } from "@rjsf/utils";
import Ajv2019 from "ajv/dist/2019.js";
import Ajv2020 from "ajv/dist/2020.js";
import { dialectOf, type Dialect } from "@/lib/json-schema/dialect-of";

const cache = new Map<Dialect, ValidatorType>();

export function validatorFor(schema: unknown): ValidatorType {
  const dialect = dialectOf(schema);
  let validator = cache.get(dialect);
  if (!validator) {
    const options = { ajvOptionsOverrides: { strict: false } };
    validator =
      dialect === "2020-12"
        ? customizeValidator({ ...options, AjvClass: Ajv2020 as never })
        : dialect === "2019-09"
          ? customizeValidator({ ...options, AjvClass: Ajv2019 as never })
          : customizeValidator(options);
    cache.set(dialect, validator);
  }
  return validator;
}
