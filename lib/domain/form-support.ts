// What in a JSON Schema a generated form cannot express faithfully. RJSF does not fail on
// these: it draws empty rows for a tuple, or drops a constraint, and the user cannot enter
// a valid value. Toolscope opens the JSON editor instead (it still validates) and says why.
const JSON_TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);
const SUBSCHEMA_MAPS = ["properties", "$defs", "definitions", "patternProperties", "dependentSchemas"];
const SUBSCHEMA_LISTS = ["oneOf", "anyOf", "allOf"];
const SUBSCHEMA_ONE = ["items", "additionalProperties", "if", "then", "else", "contains", "propertyNames", "not"];

type Schema = Record<string, unknown>;

function isObject(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Why the form cannot express this schema, or null when it can. */
export function formUnsupportedReason(schema: unknown): string | null {
  const seen = new Set<unknown>();
  const visit = (node: unknown, path: string): string | null => {
    if (!isObject(node) || seen.has(node)) return null;
    seen.add(node);
    const at = path || "the top level";
    if ("prefixItems" in node) return `a tuple (prefixItems) at ${at}`;
    if (node.items === false || node.items === true) return `"items": ${String(node.items)} at ${at}`;
    if ("$dynamicRef" in node) return `$dynamicRef at ${at}`;
    if ("not" in node && path) return `"not" at ${at}`;
    const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
    const unknown = types.find((t) => typeof t !== "string" || !JSON_TYPES.has(t));
    if (unknown !== undefined) return `the type ${JSON.stringify(unknown)} at ${at}`;
    for (const key of SUBSCHEMA_MAPS) {
      if (!isObject(node[key])) continue;
      for (const [name, child] of Object.entries(node[key])) {
        const found = visit(child, key === "properties" ? `${path ? `${path}.` : ""}${name}` : `${at} (${key}.${name})`);
        if (found) return found;
      }
    }
    for (const key of SUBSCHEMA_LISTS) {
      if (!Array.isArray(node[key])) continue;
      for (const [i, child] of (node[key] as unknown[]).entries()) {
        const found = visit(child, `${path}${path ? " " : ""}(${key}[${i}])`);
        if (found) return found;
      }
    }
    for (const key of SUBSCHEMA_ONE) {
      const found = key === "not" ? null : visit(node[key], key === "items" ? `${path}[]` : `${path} (${key})`);
      if (found) return found;
    }
    return null;
  };
  return visit(schema, "");
}
