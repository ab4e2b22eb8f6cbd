// Secrets a server sends back. Arguments are redacted by where a value sits (redact.ts); a value
// once given as a secret (a password argument, a server's header or env value, an OAuth token)
// is a secret wherever it shows up again: a tool that echoes the password it was sent, an error
// that quotes the API key it was started with. Every string of an answer (keys too) has each
// such value replaced by "[redacted]", and a number that spells one is replaced whole.
// Pure, and safe in the browser.
import { REDACTED } from "./redact";

/**
 * Values shorter than this are not looked for: a 4-digit PIN or a "json" header would blank out
 * years, counts and ordinary words in every result, and would hit by chance inside long base64
 * blocks. A secret this short is guessable anyway.
 */
export const MIN_SECRET_LENGTH = 6;

export type EchoRedactor = {
  /** Whether there is any value to look for (when not, everything comes back unchanged). */
  readonly active: boolean;
  text(text: string): string;
  /** A copy of a JSON value with every string and key redacted, and every number that spells a secret replaced. */
  value<T>(value: T): T;
};

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** How a value may appear in text: as itself, inside a JSON string (quotes escaped), inside a URL. */
function spellings(secret: string): string[] {
  return [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)];
}

const UNCHANGED: EchoRedactor = { active: false, text: (text) => text, value: (value) => value };

/** A redactor for these secret values (those shorter than MIN_SECRET_LENGTH are left out). */
export function echoRedactor(secrets: Iterable<string>): EchoRedactor {
  const forms = new Set<string>();
  for (const secret of secrets) if (secret.length >= MIN_SECRET_LENGTH) for (const form of spellings(secret)) forms.add(form);
  if (forms.size === 0) return UNCHANGED;
  // Longest first: where one secret contains another, the whole of it is matched.
  const pattern = new RegExp(
    [...forms]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join("|"),
    "g",
  );
  const text = (value: string): string => (value.length >= MIN_SECRET_LENGTH ? value.replace(pattern, REDACTED) : value);
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") return text(value);
    if (typeof value === "number") return forms.has(String(value)) ? REDACTED : value;
    if (Array.isArray(value)) return value.map(walk);
    // fromEntries, not assignment: a "__proto__" key stays a key.
    if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [text(k), walk(v)]));
    return value;
  };
  return { active: true, text, value: <T>(value: T): T => walk(value) as T };
}
