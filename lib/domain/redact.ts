// Removes secrets from tool arguments before they are stored: values the tool's schema
// marks writeOnly or format "password", values under keys that look like secrets, and the
// password of any connection string (scheme://user:password@host) inside a string value.
// The same walk hands back the values it took out, so that what a server echoes of them can
// be taken out of its answer too (redact-echoes.ts): what is a secret is decided here, once.
import { MAX_ARGUMENT_DEPTH } from "@/lib/domain/argument-depth";

// Matched anywhere in a key: these are unlikely to sit inside an ordinary word.
const SECRET_KEY =
  /pass(word|phrase)?|pwd|secret|token|authorization|bearer|jwt|api[-_]?key|private[-_]?key|access[-_]?key|credential|cookie|session/i;

// Matched only as a whole segment of a key (camelCase, snake_case, kebab-case, dotted), since as
// substrings they are in everyday words: "auth" in author, "pin" in spinner, "otp" in footprint.
const SECRET_SEGMENTS = new Set(["auth", "pin", "otp"]);

// Between segments: punctuation, a lower-case letter then a capital (basic|Auth), the end of
// an acronym (OTP|Code), and a change between letters and digits (pin|2).
const SEGMENT_BOUNDARY = /[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])/;

function segments(key: string): string[] {
  return key.split(SEGMENT_BOUNDARY).map((s) => s.toLowerCase());
}

function isSecretKey(key: string, extraKeys: RegExp | undefined): boolean {
  return SECRET_KEY.test(key) || segments(key).some((s) => SECRET_SEGMENTS.has(s)) || (extraKeys?.test(key) ?? false);
}

// scheme://user:password@host. The lookbehind starts a scheme only at the beginning of a run of
// scheme characters, which keeps the scan linear on long strings. The password runs to the last
// "@" before the end of the authority (a "/", "?", "#" or whitespace), as URL parsers read it.
const CONNECTION_PASSWORD = /(?<![a-z0-9+.-])([a-z0-9+.-]+:\/\/[^\s:@/?#]*:)[^\s/?#]+@/gi;

export const REDACTED = "[redacted]";

/** Whether a value (arguments read back from a record or a link) holds a redacted secret anywhere. */
export function containsRedacted(value: unknown): boolean {
  if (value === REDACTED) return true;
  if (Array.isArray(value)) return value.some(containsRedacted);
  if (typeof value === "object" && value !== null) return Object.values(value).some(containsRedacted);
  return false;
}

/**
 * Text with the password of every connection string in it replaced: "postgres://ada:hunter2@db/x"
 * → "postgres://ada:[redacted]@db/x". `found` collects the passwords taken out.
 */
export function redactConnectionStrings(text: string, found?: Set<string>): string {
  if (!text.includes("://")) return text;
  return text.replace(CONNECTION_PASSWORD, (match: string, authority: string) => {
    found?.add(match.slice(authority.length, -1));
    return `${authority}${REDACTED}@`;
  });
}

/**
 * A command line's arguments with the values of secret-looking options taken out, for showing where
 * a stdio server is (`--api-key sk-…`, `--token=…`, `API_KEY=…`): the name stays, so a person sees
 * what was given. An option followed by another option gave no value, and none is hidden.
 */
export function redactSecretArguments(args: readonly string[]): string[] {
  const shown: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const assigned = /^(-{0,2}[A-Za-z_][\w.-]*)=/.exec(arg);
    if (assigned && isSecretKey(assigned[1]!.replace(/^-+/, ""), undefined)) {
      shown.push(`${assigned[1]}=${REDACTED}`);
    } else if (
      /^-{1,2}[A-Za-z]/.test(arg) &&
      isSecretKey(arg.replace(/^-+/, ""), undefined) &&
      i + 1 < args.length &&
      !args[i + 1]!.startsWith("-")
    ) {
      shown.push(arg, REDACTED);
      i++;
    } else shown.push(arg);
  }
  return shown;
}

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

/** `found`: where the walk puts the values it redacts, as text (a number as JSON writes it). */
type Walk = { root: Schema; extraKeys: RegExp | undefined; found: Set<string> | undefined };

/** A secret value's scalars, all of them secret (a writeOnly object's fields, a secret key's list). */
function collect(value: unknown, found: Set<string>, depth: number): void {
  if (depth > MAX_ARGUMENT_DEPTH) return;
  if (typeof value === "string") found.add(value);
  else if (typeof value === "number" && Number.isFinite(value)) found.add(String(value));
  else if (typeof value === "object" && value !== null) for (const child of Object.values(value)) collect(child, found, depth + 1);
}

function secret(value: unknown, walk: Walk, depth: number): string {
  if (walk.found) collect(value, walk.found, depth);
  return REDACTED;
}

/** `underSecretKey`: the value sits under a secret-looking key, so its scalars (and an array's) are secrets. */
function redactValue(value: unknown, schemas: Schema[], walk: Walk, depth: number, underSecretKey: boolean): unknown {
  // Calls refuse anything deeper than MAX_ARGUMENT_DEPTH first; should a deeper value reach
  // here anyway, it is not stored unread.
  if (depth > MAX_ARGUMENT_DEPTH) return REDACTED;
  if (schemas.some(isSecretSchema)) return secret(value, walk, depth);
  if (underSecretKey && value !== null && typeof value !== "object") return secret(value, walk, depth);
  if (typeof value === "string") return redactConnectionStrings(value, walk.found);
  if (Array.isArray(value)) {
    const itemSchemas = schemas.flatMap((s) => (isObject(s.items) ? branches(s.items, walk.root) : []));
    return value.map((item) => redactValue(item, itemSchemas, walk, depth + 1, underSecretKey));
  }
  if (!isObject(value)) return value;
  const out: Schema = {};
  for (const [key, child] of Object.entries(value)) {
    const childSchemas = schemas.flatMap((s) => {
      const props = isObject(s.properties) ? s.properties : {};
      const prop = props[key] ?? (isObject(s.additionalProperties) ? s.additionalProperties : undefined);
      return isObject(prop) ? branches(prop, walk.root) : [];
    });
    // Under a secret key, everything below is secret too ({"secrets": {"OPENAI": "sk-…"}}).
    out[key] = redactValue(child, childSchemas, walk, depth + 1, underSecretKey || isSecretKey(key, walk.extraKeys));
  }
  return out;
}

/**
 * Tool arguments as they are stored; `extraKeys` (TOOLSCOPE_AUDIT_REDACT_KEYS) names more secret
 * keys. `found` collects the secret values taken out (for redact-echoes.ts).
 */
export function redactArguments(args: unknown, inputSchema: unknown, extraKeys?: RegExp, found?: Set<string>): unknown {
  const root = isObject(inputSchema) ? inputSchema : {};
  return redactValue(args, branches(root, root), { root, extraKeys, found }, 0, false);
}

/**
 * A request's _meta as it is stored: values under secret-looking keys redacted like arguments'.
 * `progressToken` is the protocol's own correlation id, not a secret, and is kept.
 */
export function redactMeta(meta: Record<string, unknown>, extraKeys?: RegExp, found?: Set<string>): Record<string, unknown> {
  const { progressToken, ...rest } = meta;
  const redacted = redactArguments(rest, undefined, extraKeys, found) as Record<string, unknown>;
  return progressToken === undefined ? redacted : { progressToken, ...redacted };
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Arguments someone edited from their redacted copy (`shown`), with what they left as shown
 * put back as it was (`original`): a secret they saw as "[redacted]" and did not touch is sent
 * as the secret, not as the word. What they changed is theirs, a new secret included.
 */
export function restoreUnedited(edited: unknown, shown: unknown, original: unknown): unknown {
  if (sameJson(edited, shown)) return original;
  if (Array.isArray(edited) && Array.isArray(shown) && Array.isArray(original))
    return edited.map((item, index) =>
      index < shown.length && index < original.length ? restoreUnedited(item, shown[index], original[index]) : item,
    );
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === "object" && value !== null && !Array.isArray(value);
  if (isRecord(edited) && isRecord(shown) && isRecord(original))
    return Object.fromEntries(
      Object.entries(edited).map(([key, value]) => [
        key,
        Object.hasOwn(shown, key) && Object.hasOwn(original, key) ? restoreUnedited(value, shown[key], original[key]) : value,
      ]),
    );
  return edited;
}
