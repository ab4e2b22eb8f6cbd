// Arguments for a tool the driver knows nothing about, built from its input schema: what a
// person filling Toolscope's form would most plausibly send (defaults and examples first, then
// the least surprising value of the type). Only required properties are filled, so that a
// scenario server checking "not provided" sees nothing it did not ask for.

type Schema = Record<string, unknown>;

const MAX_DEPTH = 8;

function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** `#/$defs/x` (or `#/definitions/x`) inside the root schema; anything else is left unresolved. */
function resolveRef(ref: string, root: Schema): Schema | undefined {
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(2).split("/")) {
    if (!isSchema(node)) return undefined;
    node = node[part.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return isSchema(node) ? node : undefined;
}

function typeOf(schema: Schema): string | undefined {
  const type = schema.type;
  if (typeof type === "string") return type;
  if (Array.isArray(type)) return type.find((t) => t !== "null") as string | undefined;
  if (isSchema(schema.properties)) return "object";
  if (schema.items !== undefined) return "array";
  return undefined;
}

function stringFor(schema: Schema): string {
  switch (schema.format) {
    case "uri":
    case "url":
      return "https://example.com/";
    case "email":
      return "test@example.com";
    case "date":
      return "2026-01-01";
    case "date-time":
      return "2026-01-01T00:00:00Z";
    case "uuid":
      return "00000000-0000-4000-8000-000000000000";
  }
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  return "test".padEnd(min, "x");
}

function numberFor(schema: Schema, integer: boolean): number {
  const low =
    typeof schema.minimum === "number" ? schema.minimum : typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum + 1 : 1;
  return integer ? Math.ceil(low) : low;
}

export function valueFor(schema: unknown, root: Schema, depth = 0): unknown {
  if (!isSchema(schema) || depth > MAX_DEPTH) return null;
  if (typeof schema.$ref === "string") {
    const target = resolveRef(schema.$ref, root);
    if (target) return valueFor({ ...target, ...schema, $ref: undefined }, root, depth + 1);
  }
  if ("default" in schema) return schema.default;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) {
      const first = branches.find((b) => isSchema(b) && b.type !== "null");
      if (first) return valueFor(first, root, depth + 1);
    }
  }
  if (Array.isArray(schema.allOf)) {
    const merged = Object.assign({}, ...schema.allOf.filter(isSchema), { ...schema, allOf: undefined }) as Schema;
    return valueFor(merged, root, depth + 1);
  }
  switch (typeOf(schema)) {
    case "string":
      return stringFor(schema);
    case "integer":
      return numberFor(schema, true);
    case "number":
      return numberFor(schema, false);
    case "boolean":
      return true;
    case "null":
      return null;
    case "array": {
      const count = typeof schema.minItems === "number" ? schema.minItems : 0;
      return Array.from({ length: count }, () => valueFor(schema.items, root, depth + 1));
    }
    case "object":
      return argumentsFor(schema, root, depth + 1);
    default:
      return "test";
  }
}

/** An object with each required property filled; `root`: where `#/$defs/…` references point. */
export function argumentsFor(schema: unknown, root: Schema = isSchema(schema) ? schema : {}, depth = 0): Record<string, unknown> {
  if (!isSchema(schema)) return {};
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : [];
  const args: Record<string, unknown> = {};
  for (const name of required) args[name] = valueFor(properties[name] ?? {}, root, depth);
  return args;
}
