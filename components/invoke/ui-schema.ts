// Derives RJSF's uiSchema from what a JSON Schema says about presentation: examples become
// placeholders, "S or null" gets the NullableField. (Secret fields are masked by
// SecretAwareTextWidget, which sees every field.)
import type { UiSchema } from "@rjsf/utils";
import { nonNullVariant } from "@/lib/json-schema/nullable";

type Schema = Record<string, unknown>;

function isObject(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function uiSchemaFor(schema: unknown, depth = 0): UiSchema {
  if (!isObject(schema) || depth > 8) return {};
  const inner = depth > 0 ? nonNullVariant(schema) : null;
  if (inner) return { ...uiSchemaFor(inner, depth + 1), "ui:field": "NullableField", "ui:fieldReplacesAnyOrOneOf": true };
  const ui: UiSchema = {};
  const examples = schema.examples;
  if (Array.isArray(examples) && examples.length > 0 && (typeof examples[0] === "string" || typeof examples[0] === "number")) {
    ui["ui:placeholder"] = `e.g. ${String(examples[0])}`;
  }
  if (isObject(schema.properties)) {
    for (const [key, child] of Object.entries(schema.properties)) {
      const childUi = uiSchemaFor(child, depth + 1);
      if (Object.keys(childUi).length) ui[key] = childUi;
    }
  }
  if (isObject(schema.items)) {
    const itemsUi = uiSchemaFor(schema.items, depth + 1);
    if (Object.keys(itemsUi).length) ui.items = itemsUi;
  }
  return ui;
}
