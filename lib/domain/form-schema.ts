// Makes a tool's input schema renderable by RJSF without changing what it accepts:
// servers often leave out `type` where it is implied (a titled enum written as oneOf of
// consts, a bare enum or const), and RJSF needs it to pick a widget.
type Schema = Record<string, unknown>;

function isObject(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function jsonType(value: unknown): string | undefined {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "string" || typeof value === "boolean" || typeof value === "object") return typeof value;
  return undefined;
}

function commonType(values: unknown[]): string | undefined {
  const types = new Set(values.map(jsonType));
  if (types.size === 2 && types.has("integer") && types.has("number")) return "number";
  return types.size === 1 ? [...types][0] : undefined;
}

const SUBSCHEMA_MAPS = ["properties", "$defs", "definitions", "patternProperties"];
const SUBSCHEMA_LISTS = ["oneOf", "anyOf", "allOf", "prefixItems"];
const SUBSCHEMA_SINGLE = ["items", "additionalProperties", "not", "if", "then", "else", "contains"];

const TYPE_LABEL: Record<string, string> = {
  string: "Text",
  number: "Number",
  integer: "Integer",
  boolean: "Yes / no",
  object: "Object",
  array: "List",
  null: "None (null)",
};

/** A label for an untitled oneOf/anyOf variant, so the variant picker does not read "Option 2". */
function variantTitle(variant: Schema, root: Schema): string | undefined {
  if (typeof variant.$ref === "string") {
    // A referenced schema's own title is what the picker shows; name the variant only if it has none.
    const target = variant.$ref.startsWith("#/")
      ? variant.$ref
          .slice(2)
          .split("/")
          .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), root)
      : undefined;
    if (isObject(target) && typeof target.title === "string") return undefined;
    return variant.$ref.split("/").pop()?.replace(/[-_]/g, " ");
  }
  return typeof variant.type === "string" ? TYPE_LABEL[variant.type] : undefined;
}

function normalize(node: unknown, depth: number, root: Schema): unknown {
  if (!isObject(node) || depth > 64) return node;
  const out: Schema = { ...node };
  for (const key of SUBSCHEMA_MAPS) {
    if (isObject(out[key])) out[key] = Object.fromEntries(Object.entries(out[key]).map(([k, v]) => [k, normalize(v, depth + 1, root)]));
  }
  for (const key of SUBSCHEMA_LISTS) {
    if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map((v) => normalize(v, depth + 1, root));
  }
  for (const key of SUBSCHEMA_SINGLE) {
    if (isObject(out[key])) out[key] = normalize(out[key], depth + 1, root);
  }
  if (out.type === undefined && out.$ref === undefined) {
    let inferred: string | undefined;
    if ("const" in out) inferred = jsonType(out.const);
    else if (Array.isArray(out.enum)) inferred = commonType(out.enum);
    else {
      const variants = (out.oneOf ?? out.anyOf) as unknown[] | undefined;
      if (Array.isArray(variants) && variants.length > 0 && variants.every((v) => isObject(v) && "const" in v)) {
        inferred = commonType(variants.map((v) => (v as Schema).const));
      }
    }
    if (inferred) out.type = inferred;
  }
  for (const key of ["oneOf", "anyOf"]) {
    const variants = out[key];
    if (!Array.isArray(variants) || variants.every((v) => isObject(v) && "const" in v)) continue;
    out[key] = variants.map((v) => {
      if (!isObject(v) || v.title !== undefined) return v;
      const title = variantTitle(v, root);
      return title ? { ...v, title } : v;
    });
  }
  return out;
}

export function formSchema<T>(schema: T): T {
  return normalize(schema, 0, isObject(schema) ? schema : {}) as T;
}
