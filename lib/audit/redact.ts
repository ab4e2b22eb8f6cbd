// Removes secrets from tool arguments before they are stored: values the tool's schema
// marks writeOnly or format "password", and values under keys that look like secrets.
const SECRET_KEY = /pass(word|phrase)?|secret|token|authorization|api[-_]?key|private[-_]?key|credential|cookie|session/i;

export const REDACTED = "[redacted]";

type Schema = { [key: string]: unknown };

function isObject(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function resolveRef(schema: Schema, root: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/")) return schema;
  let target: unknown = root;
  for (const part of ref.slice(2).split("/")) target = isObject(target) ? target[part.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
  return isObject(target) ? target : schema;
}

function isSecretSchema(schema: Schema): boolean {
  return schema.writeOnly === true || schema.format === "password";
}

/** Candidate subschemas that may describe `value` (variants are all consulted: a secret in any one is redacted). */
function branches(schema: Schema, root: Schema): Schema[] {
  const resolved = resolveRef(schema, root);
  const variants = ["oneOf", "anyOf", "allOf"].flatMap((k) =>
    Array.isArray(resolved[k]) ? (resolved[k] as unknown[]).filter(isObject) : [],
  );
  return [resolved, ...variants.map((v) => resolveRef(v, root))];
}

/** Keys whose values are redacted: the built-in pattern, plus the configured one if any. */
export type KeyPatterns = readonly RegExp[];

function redactValue(value: unknown, schemas: Schema[], root: Schema, depth: number, keys: KeyPatterns): unknown {
  if (depth > 32) return value;
  if (schemas.some(isSecretSchema)) return REDACTED;
  if (Array.isArray(value)) {
    const itemSchemas = schemas.flatMap((s) => (isObject(s.items) ? branches(s.items, root) : []));
    return value.map((item) => redactValue(item, itemSchemas, root, depth + 1, keys));
  }
  if (!isObject(value)) return value;
  const out: Schema = {};
  for (const [key, child] of Object.entries(value)) {
    if (keys.some((pattern) => pattern.test(key)) && child !== null && typeof child !== "object") {
      out[key] = REDACTED;
      continue;
    }
    const childSchemas = schemas.flatMap((s) => {
      const props = isObject(s.properties) ? s.properties : {};
      const prop = props[key] ?? (isObject(s.additionalProperties) ? s.additionalProperties : undefined);
      return isObject(prop) ? branches(prop, root) : [];
    });
    out[key] = redactValue(child, childSchemas, root, depth + 1, keys);
  }
  return out;
}

export function redactArguments(args: unknown, inputSchema: unknown, extraKeys?: RegExp): unknown {
  const root = isObject(inputSchema) ? inputSchema : {};
  return redactValue(args, branches(root, root), root, 0, extraKeys ? [SECRET_KEY, extraKeys] : [SECRET_KEY]);
}

/**
 * A request's _meta as it is stored: values under secret-looking keys redacted like arguments'.
 * `progressToken` is the protocol's own correlation id, not a secret, and is kept.
 */
export function redactMeta(meta: Record<string, unknown>, extraKeys?: RegExp): Record<string, unknown> {
  const { progressToken, ...rest } = meta;
  const redacted = redactArguments(rest, undefined, extraKeys) as Record<string, unknown>;
  return progressToken === undefined ? redacted : { progressToken, ...redacted };
}
