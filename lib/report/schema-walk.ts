// Walks a tool's JSON Schema the way the report's rules read it: every object schema with its
// declared properties, and every piece of text a model sees (descriptions, titles, property
// names, enum values, defaults, examples), each at a dotted path such as
// `inputSchema.properties.path.description`. Bounded, so a hostile schema cannot stall a report.
import type { Tool } from "../domain/mcp-types";

const MAX_DEPTH = 24;
const MAX_NODES = 4_000;

/** Keywords whose value is one schema, a list of schemas, or a map of named schemas. */
const ONE = [
  "items",
  "additionalProperties",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "unevaluatedProperties",
  "unevaluatedItems",
  "contentSchema",
];
const LIST = ["allOf", "anyOf", "oneOf", "prefixItems"];
const MAP = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];

export type SchemaNode = { path: string; schema: Record<string, unknown> };
export type SchemaText = {
  path: string;
  text: string;
  kind: "name" | "description" | "title" | "property-name" | "enum" | "default" | "example" | "const" | "required" | "other";
};

/** Keywords whose strings are not prose a model reads as such (names of types, formats, references). */
const STRUCTURAL = new Set([
  "type",
  "format",
  "$ref",
  "$schema",
  "$id",
  "$anchor",
  "$dynamicRef",
  "$dynamicAnchor",
  "pattern",
  "contentEncoding",
  "contentMediaType",
]);
/** Keywords whose values are numbers, booleans or schemas the walk reaches by itself: not text of their own. */
const KNOWN_SCHEMA_VALUES = new Set([
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "minContains",
  "maxContains",
  "readOnly",
  "writeOnly",
  "deprecated",
  "nullable",
  "dependentRequired",
]);
const READ_ABOVE = new Set(["description", "title", "enum", "const", "default", "examples", "required", ...ONE, ...LIST, ...MAP]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every sub-schema that is an object, depth first, the root first. */
export function schemaNodes(schema: unknown, root: string): SchemaNode[] {
  const nodes: SchemaNode[] = [];
  const visit = (node: unknown, path: string, depth: number): void => {
    if (!isObject(node) || depth > MAX_DEPTH || nodes.length >= MAX_NODES) return;
    nodes.push({ path, schema: node });
    for (const key of ONE) if (key in node) visit(node[key], `${path}.${key}`, depth + 1);
    for (const key of LIST) {
      const list = node[key];
      if (Array.isArray(list)) list.forEach((item, i) => visit(item, `${path}.${key}[${i}]`, depth + 1));
    }
    if (Array.isArray(node.items)) node.items.forEach((item, i) => visit(item, `${path}.items[${i}]`, depth + 1));
    for (const key of MAP) {
      const map = node[key];
      if (isObject(map)) for (const [name, child] of Object.entries(map)) visit(child, `${path}.${key}.${name}`, depth + 1);
    }
  };
  visit(schema, root, 0);
  return nodes;
}

/** The strings of a value at any depth, as deep and as many as a schema's nodes may be: _meta is a tool's own to fill. */
function textsOfValue(value: unknown, path: string, kind: SchemaText["kind"], out: SchemaText[], depth = 0): void {
  if (depth > MAX_DEPTH || out.length >= MAX_NODES) return;
  if (typeof value === "string") out.push({ path, text: value, kind });
  else if (Array.isArray(value)) {
    for (let i = 0; i < value.length && out.length < MAX_NODES; i++) textsOfValue(value[i], `${path}[${i}]`, kind, out, depth + 1);
  } else if (isObject(value))
    for (const [key, item] of Object.entries(value)) {
      if (out.length >= MAX_NODES) return;
      textsOfValue(item, `${path}.${key}`, kind, out, depth + 1);
    }
}

/** Every text of a schema a model reads. */
export function schemaTexts(schema: unknown, root: string): SchemaText[] {
  const texts: SchemaText[] = [];
  for (const { path, schema: node } of schemaNodes(schema, root)) {
    if (typeof node.description === "string") texts.push({ path: `${path}.description`, text: node.description, kind: "description" });
    if (typeof node.title === "string") texts.push({ path: `${path}.title`, text: node.title, kind: "title" });
    if (isObject(node.properties))
      for (const name of Object.keys(node.properties))
        texts.push({ path: `${path}.properties.${name}`, text: name, kind: "property-name" });
    if ("enum" in node) textsOfValue(node.enum, `${path}.enum`, "enum", texts);
    if ("const" in node) textsOfValue(node.const, `${path}.const`, "const", texts);
    if ("default" in node) textsOfValue(node.default, `${path}.default`, "default", texts);
    if ("examples" in node) textsOfValue(node.examples, `${path}.examples`, "example", texts);
    // A required name that names no property is read by a model as text.
    if (Array.isArray(node.required))
      node.required.forEach((name, i) => {
        if (typeof name === "string" && !(isObject(node.properties) && name in node.properties))
          texts.push({ path: `${path}.required[${i}]`, text: name, kind: "required" });
      });
    // Keywords JSON Schema does not know (x-usage-notes and the like) still reach the model, at any depth of their value.
    for (const [key, value] of Object.entries(node))
      if (!READ_ABOVE.has(key) && !STRUCTURAL.has(key) && !KNOWN_SCHEMA_VALUES.has(key))
        textsOfValue(value, `${path}.${key}`, "other", texts);
  }
  return texts;
}

/** A tool's fields read above, or that hold no prose (icons are addresses, execution a mode). */
const TOOL_FIELDS = new Set(["name", "title", "description", "inputSchema", "outputSchema", "annotations", "icons", "execution"]);

/** Every text of a tool a model reads: its title, description, both schemas' texts, its _meta and unknown fields. */
export function toolTexts(tool: Tool): SchemaText[] {
  // The name is read for hidden characters (homoglyphs) only: a name says what a tool does, secrets included.
  const texts: SchemaText[] = [{ path: "name", text: tool.name, kind: "name" }];
  if (typeof tool.title === "string") texts.push({ path: "title", text: tool.title, kind: "title" });
  if (typeof tool.annotations?.title === "string") texts.push({ path: "annotations.title", text: tool.annotations.title, kind: "title" });
  if (typeof tool.description === "string") texts.push({ path: "description", text: tool.description, kind: "description" });
  texts.push(...schemaTexts(tool.inputSchema, "inputSchema"));
  if (tool.outputSchema) texts.push(...schemaTexts(tool.outputSchema, "outputSchema"));
  // _meta and fields the spec does not define reach a model through clients that pass the whole definition on.
  for (const [key, value] of Object.entries(tool as Record<string, unknown>))
    if (!TOOL_FIELDS.has(key)) textsOfValue(value, key, "other", texts);
  return texts;
}

/** The properties a schema declares at its root (a tool's parameters). */
export function rootProperties(schema: unknown): [string, Record<string, unknown>][] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  return Object.entries(schema.properties).map(([name, value]) => [name, isObject(value) ? value : {}]);
}

export { isObject };
