// Derives RJSF's uiSchema from what a JSON Schema says about presentation: examples become
// placeholders, "S or null" gets the NullableField, and a `const` is shown read-only (a
// discriminator such as `kind: {const: "email"}` is the variant's name, not something to
// edit; the form fills it in, see tool-form.tsx). (Secret fields are masked by
// SecretAwareTextWidget, which sees every field.)
//
// The uiSchema follows the data's shape, so it reaches a field wherever RJSF looks for it:
// through properties, items, additionalProperties and local $refs (RJSF resolves those before
// it reads the uiSchema), allOf (merged into one object), and each oneOf/anyOf variant (RJSF
// reads `oneOf: [ui of variant 0, …]` for the variant shown, in place of the field's own).
import type { UiSchema } from "@rjsf/utils";
import { nonNullVariant } from "@/lib/domain/nullable-schema";

type Schema = Record<string, unknown>;

function isObject(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const MAX_DEPTH = 8;
/** Schema nodes visited in all: $refs can make a small schema describe a very large form. */
const MAX_VISITS = 5_000;

type Walk = { root: Schema; visits: number; refs: string[] };

function resolveRef(root: Schema, ref: string): unknown {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined;
  return ref
    .slice(2)
    .split("/")
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, key) => (isObject(node) && Object.hasOwn(node, key) ? node[key] : undefined), root);
}

const nonEmpty = (ui: UiSchema): boolean => Object.keys(ui).length > 0;

function uiOf(schema: unknown, walk: Walk, depth: number): UiSchema {
  if (!isObject(schema) || depth > MAX_DEPTH || ++walk.visits > MAX_VISITS) return {};
  if (typeof schema.$ref === "string") {
    // A $ref already being followed leads back into itself: its fields are drawn there already.
    if (walk.refs.includes(schema.$ref)) return {};
    walk.refs.push(schema.$ref);
    const { $ref: _, ...siblings } = schema;
    const target = resolveRef(walk.root, schema.$ref);
    const ui = uiOf(isObject(target) ? { ...target, ...siblings } : siblings, walk, depth);
    walk.refs.pop();
    return ui;
  }
  const inner = depth > 0 ? nonNullVariant(schema) : null;
  if (inner) return { ...uiOf(inner, walk, depth + 1), "ui:field": "NullableField", "ui:fieldReplacesAnyOrOneOf": true };
  const ui: UiSchema = {};
  const examples = schema.examples;
  if (Array.isArray(examples) && examples.length > 0 && (typeof examples[0] === "string" || typeof examples[0] === "number")) {
    ui["ui:placeholder"] = `e.g. ${String(examples[0])}`;
  }
  if ("const" in schema) ui["ui:readonly"] = true;
  if (isObject(schema.properties)) {
    for (const [key, child] of Object.entries(schema.properties)) {
      const childUi = uiOf(child, walk, depth + 1);
      if (nonEmpty(childUi)) ui[key] = childUi;
    }
  }
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf) {
      for (const [key, value] of Object.entries(uiOf(part, walk, depth))) ui[key] = isObject(ui[key]) ? { ...ui[key], ...value } : value;
    }
  }
  for (const key of ["items", "additionalProperties"] as const) {
    const childUi = uiOf(schema[key], walk, depth + 1);
    if (nonEmpty(childUi)) ui[key] = childUi;
  }
  for (const key of ["oneOf", "anyOf"] as const) {
    const variants = schema[key];
    if (!Array.isArray(variants)) continue;
    // A variant that is a const is an option of a select (a titled enum), not a field.
    const variantUis = variants.map((v) => (isObject(v) && "const" in v ? {} : uiOf(v, walk, depth + 1)));
    // The variant's uiSchema replaces the field's, so it carries the field's own too.
    if (variantUis.some(nonEmpty)) ui[key] = variantUis.map((v) => ({ ...ui, ...v }));
  }
  return ui;
}

export function uiSchemaFor(schema: unknown): UiSchema {
  return isObject(schema) ? uiOf(schema, { root: schema, visits: 0, refs: [] }, 0) : {};
}
