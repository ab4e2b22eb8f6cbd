// Ajv's validation errors in plain words, for people rather than schema authors: "is
// required" for "must have required property 'to'", "must be an email address" for "must
// match format \"email\"". Shared by the form (components/invoke/form-errors.ts) and the
// check of a result against the tool's outputSchema (lib/mcp/output-validation.ts).
// Client-safe.

type Params = Record<string, unknown>;

const TYPES: Record<string, string> = {
  string: "text",
  number: "a number",
  integer: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  null: "null",
};

const FORMATS: Record<string, string> = {
  email: "an email address",
  "idn-email": "an email address",
  uri: "a full URL, such as https://example.com/page",
  "uri-reference": "a URL or a relative path",
  iri: "a full URL, such as https://example.com/page",
  url: "a full URL, such as https://example.com/page",
  date: "a date (YYYY-MM-DD)",
  time: "a time (HH:MM:SS)",
  "date-time": "a date and time",
  duration: "a duration such as P3D or PT5M",
  uuid: "a UUID",
  ipv4: "an IPv4 address",
  ipv6: "an IPv6 address",
  hostname: "a host name",
  regex: "a regular expression",
};

const json = (value: unknown): string => JSON.stringify(value) ?? String(value);
const count = (n: unknown, noun: string, nouns = `${noun}s`): string => `${String(n)} ${n === 1 ? noun : nouns}`;

function typeWords(type: unknown): string {
  const types = (Array.isArray(type) ? type : String(type).split(",")).map((t) => TYPES[String(t)] ?? String(t));
  return types.join(" or ");
}

/**
 * What is wrong, said after the name of the value it is wrong about ("is required", "must be
 * a number"), or null for a keyword without a phrasing here (the caller keeps Ajv's words).
 */
export function errorWords(keyword: string | undefined, params: Params): string | null {
  switch (keyword) {
    case "required":
      return "is required";
    case "dependentRequired":
    case "dependencies":
      return `is required when ${String(params.property)} is filled in`;
    case "type":
      return `must be ${typeWords(params.type)}`;
    case "const":
      return `must be ${json(params.allowedValue)}`;
    case "enum":
      return Array.isArray(params.allowedValues) ? `must be one of ${params.allowedValues.map(json).join(", ")}` : null;
    case "format":
      return `must be ${FORMATS[String(params.format)] ?? `a valid ${String(params.format)}`}`;
    case "pattern":
      return `must match the pattern ${String(params.pattern)}`;
    case "minLength":
      return params.limit === 1 ? "must not be empty" : `must be at least ${count(params.limit, "character")} long`;
    case "maxLength":
      return `must be at most ${count(params.limit, "character")} long`;
    case "minimum":
      return `must be ${String(params.limit)} or more`;
    case "maximum":
      return `must be ${String(params.limit)} or less`;
    case "exclusiveMinimum":
      return `must be more than ${String(params.limit)}`;
    case "exclusiveMaximum":
      return `must be less than ${String(params.limit)}`;
    case "multipleOf":
      return `must be a multiple of ${String(params.multipleOf)}`;
    case "minItems":
      return `must have at least ${count(params.limit, "item")}`;
    case "maxItems":
      return `must have at most ${count(params.limit, "item")}`;
    case "uniqueItems":
      return `must not repeat an item (items ${Number(params.j) + 1} and ${Number(params.i) + 1} are the same)`;
    case "minProperties":
      return `must have at least ${count(params.limit, "entry", "entries")}`;
    case "maxProperties":
      return `must have at most ${count(params.limit, "entry", "entries")}`;
    case "additionalProperties":
      return `has a field "${String(params.additionalProperty)}" that is not allowed here`;
    case "unevaluatedProperties":
      return `has a field "${String(params.unevaluatedProperty)}" that is not allowed here`;
    case "oneOf":
      return Array.isArray(params.passingSchemas)
        ? "fits more than one of its kinds of value; it must fit exactly one"
        : "does not fit any of its kinds of value";
    case "anyOf":
      return "does not fit any of its kinds of value";
    case "not":
      return "has a value that is not allowed here";
    default:
      return null;
  }
}
