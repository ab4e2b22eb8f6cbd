// Where to send the browser after sign-in, from the `next` query value the front door sets.
// Anyone can write a link to /login?next=…, so the value is honoured only if it is a path on
// this site however a browser, a router or better-auth reads it: `/\evil`, `/%09/evil` and
// `/%2F%2Fevil` all become `//evil` somewhere along the way. Client-safe: the sign-in form
// checks again what the page passed it.

const HOME = "/";
// Any origin will do: what matters is whether resolving against it keeps it.
const PROBE_ORIGIN = "http://toolscope.invalid";
// Control and format characters (browsers strip tabs and newlines from URLs), whitespace, and
// backslashes (which browsers read as "/").
const UNSAFE = /[\p{Cc}\p{Cf}\s\\]/u;
// A path still changing after this many rounds of decoding is not one anybody links to.
const MAX_DECODES = 5;

function isSafePath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !UNSAFE.test(path);
}

/** Whether the path part stays safe however many times a reader percent-decodes it. */
function decodesSafely(value: string): boolean {
  const end = value.search(/[?#]/);
  let path = end === -1 ? value : value.slice(0, end);
  for (let round = 0; round < MAX_DECODES; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return false;
    }
    if (decoded === path) return true;
    if (!isSafePath(decoded)) return false;
    path = decoded;
  }
  return false;
}

function sameOrigin(value: string): boolean {
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

function isSafe(value: string): boolean {
  return isSafePath(value) && sameOrigin(value) && decodesSafely(value);
}

/** `raw` as a same-origin path (normalised: `/a/../b` is `/b`), or "/" if it is anything else. */
export function safeNextPath(raw: string | null | undefined): string {
  if (typeof raw !== "string" || !isSafe(raw)) return HOME;
  const url = new URL(raw, PROBE_ORIGIN);
  // Dot segments can resolve into a path that starts with `//` (`/.//evil` is `//evil`).
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isSafe(path) ? path : HOME;
}
