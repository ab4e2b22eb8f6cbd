// Masks what must never be shown: tokens, codes, verifiers, client secrets and assertions,
// wherever they appear in an OAuth exchange (a form body, JSON, a header, a URL's query). A
// masked value keeps its length and first characters, enough to tell two apart.

const SECRET_NAMES = new Set([
  "access_token",
  "refresh_token",
  "id_token",
  "code",
  "code_verifier",
  "client_secret",
  "client_assertion",
  "registration_access_token",
  "assertion",
  "subject_token",
  "password",
  "device_code",
  // Not a secret by itself, but whoever holds it could bring their own code back to the person
  // who began the authorization (shown to everyone who reads a shared authorization's journal).
  "state",
]);

export function maskValue(value: string): string {
  if (value.length <= 8) return "••••";
  return `${value.slice(0, 4)}•••• (${value.length} chars)`;
}

export function isSecretName(name: string): boolean {
  return SECRET_NAMES.has(name.toLowerCase());
}

function maskJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskJson);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, isSecretName(k) && typeof v === "string" ? maskValue(v) : maskJson(v)]),
    );
  }
  return value;
}

const NAMES = [...SECRET_NAMES].join("|");
const JSON_PAIR = new RegExp(`("(?:${NAMES})"\\s*:\\s*")((?:[^"\\\\]|\\\\.)*)(")`, "gi");
const FORM_PAIR = new RegExp(`(^|[&\\s?])(${NAMES})=([^&\\s]*)`, "gi");

/** Masks every name=value and "name": "value" of a secret name in text that does not parse as a whole. */
function maskLoosely(text: string): string {
  return text
    .replace(JSON_PAIR, (_all, open: string, value: string, close: string) => `${open}${maskValue(value)}${close}`)
    .replace(FORM_PAIR, (_all, lead: string, name: string, value: string) => `${lead}${name}=${maskValue(value)}`);
}

/** A body as text with its secrets masked: form-encoded, JSON, text masked loosely, or (none of these) left out. */
export function maskBody(text: string, contentType: string | null): string {
  const type = (contentType ?? "").toLowerCase();
  if (type.includes("application/x-www-form-urlencoded") || (!type && /^[\w.~%+-]+=/.test(text) && !text.includes("{"))) {
    const params = new URLSearchParams(text);
    const masked = new URLSearchParams();
    for (const [k, v] of params) masked.append(k, isSecretName(k) ? maskValue(v) : v);
    return decodeURIComponent(masked.toString().replace(/\+/g, " ")).replace(/&/g, "\n");
  }
  try {
    return JSON.stringify(maskJson(JSON.parse(text)), null, 2);
  } catch {
    return type.startsWith("text/") || type.includes("json") ? maskLoosely(text) : `(${text.length} bytes of ${type || "unknown type"})`;
  }
}

export function maskUrl(raw: string): string {
  if (!URL.canParse(raw)) return raw;
  const url = new URL(raw);
  for (const [k, v] of [...url.searchParams]) if (isSecretName(k)) url.searchParams.set(k, maskValue(v));
  return url.toString();
}

const SHOWN_HEADERS = new Set([
  "accept",
  "authorization",
  "content-type",
  "dpop",
  "location",
  "mcp-protocol-version",
  "www-authenticate",
  "cache-control",
]);

/** The headers worth showing, with credentials masked. */
export function maskHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!SHOWN_HEADERS.has(name)) return;
    if (name === "authorization" || name === "dpop") {
      const [scheme, ...rest] = value.split(" ");
      out[name] = rest.length ? `${scheme} ${maskValue(rest.join(" "))}` : maskValue(value);
    } else if (name === "location") out[name] = maskUrl(value);
    else out[name] = value;
  });
  return out;
}
