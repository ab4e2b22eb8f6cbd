// The browser's proof of having signed in with TOOLSCOPE_API_TOKEN: an HMAC of a fixed
// label under the token, kept in an HttpOnly, SameSite=Strict cookie. It reveals nothing
// about the token, and changing the token signs every browser out. Web Crypto only, so it
// runs wherever Next runs the proxy.
export const SESSION_COOKIE = "toolscope_session";

/** TOOLSCOPE_API_TOKEN, when set: the one place that reads it (the proxy, routes and sign-in share it). */
export function configuredApiToken(): string | undefined {
  return process.env.TOOLSCOPE_API_TOKEN || undefined;
}

const cache = new Map<string, Promise<string>>();
const computed = new Map<string, string>();

export function sessionValue(token: string): Promise<string> {
  let value = cache.get(token);
  if (!value) {
    value = (async () => {
      const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(token), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
      const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode("toolscope-session-v1"));
      const hex = Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, "0")).join("");
      computed.set(token, hex);
      return hex;
    })();
    cache.set(token, value);
  }
  return value;
}

/** The session value if it has been computed already (for code that cannot wait: the call fast path). */
export function knownSessionValue(token: string): string | undefined {
  if (!computed.has(token)) void sessionValue(token);
  return computed.get(token);
}

/** Compares without stopping at the first differing character (length is not secret here). */
export function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
