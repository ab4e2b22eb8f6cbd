// Local-mode safety, applied to every request before it reaches a page or route:
// - Host must be one Toolscope answers to (defeats DNS rebinding: a web page cannot
//   reach 127.0.0.1 under its own domain name);
// - a mutating request must come from Toolscope's own origin (defeats cross-site POSTs
//   from any page the user happens to visit);
// - with TOOLSCOPE_API_TOKEN set, every request must prove it knows the token: scripts with
//   `Authorization: Bearer <token>`, browsers with the session cookie that signing in on
//   /login sets. (No header a script can forge, such as Sec-Fetch-Site, lets anyone in.)
// Pure: reads only the request and the environment, so it can run in Next's proxy.
import { timingSafeEqual } from "@/lib/auth/session-token";

export type GuardVerdict =
  | { ok: true }
  | { ok: false; status: 401 | 403; code: string; message: string }
  /** A page asked for without signing in: send the browser to the sign-in page. */
  | { ok: false; status: 302; code: "unauthorized:session"; location: string };

/** What may be reached without signing in: the sign-in page and the call that signs in. */
const PUBLIC_PATHS = new Set(["/login", "/api/session", "/api/health"]);

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function hostname(hostHeader: string): string {
  return hostHeader.startsWith("[")
    ? hostHeader.slice(0, hostHeader.indexOf("]") + 1).toLowerCase()
    : (hostHeader.split(":")[0] ?? "").toLowerCase();
}

export function allowedHostnames(extra: string | undefined): string[] {
  const configured = (extra ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return [...LOOPBACK_HOSTS, ...configured];
}

export type GuardInput = {
  method: string;
  pathname: string;
  headers: { get(name: string): string | null };
  allowedHosts: string[];
  apiToken: string | undefined;
  /** The session cookie's value the request carries, if any. */
  sessionCookie?: string | undefined;
  /** The value a signed-in browser's cookie has (see lib/auth/session-token.ts). */
  expectedSession?: string | undefined;
  /** The path and query asked for, to come back to after signing in. */
  returnTo?: string;
};

export function guardRequest({
  method,
  pathname,
  headers,
  allowedHosts,
  apiToken,
  sessionCookie,
  expectedSession,
  returnTo,
}: GuardInput): GuardVerdict {
  const host = headers.get("host");
  if (!host || !allowedHosts.includes(hostname(host))) {
    return {
      ok: false,
      status: 403,
      code: "forbidden:host",
      message: `Toolscope does not answer to the host "${host ?? ""}". Add it to TOOLSCOPE_ALLOWED_HOSTS to allow it.`,
    };
  }
  const origin = headers.get("origin");
  const fetchSite = headers.get("sec-fetch-site");
  const sameOrigin =
    origin !== null
      ? (() => {
          try {
            return new URL(origin).host.toLowerCase() === host.toLowerCase();
          } catch {
            return false;
          }
        })()
      : fetchSite === null || fetchSite === "same-origin" || fetchSite === "none";
  if (MUTATING.has(method.toUpperCase()) && !sameOrigin) {
    return { ok: false, status: 403, code: "forbidden:origin", message: "Cross-origin requests that change anything are refused." };
  }
  if (apiToken && !PUBLIC_PATHS.has(pathname)) {
    const bearer = /^Bearer\s+(.+)$/i.exec(headers.get("authorization") ?? "")?.[1];
    const signedIn = Boolean(sessionCookie && expectedSession && timingSafeEqual(sessionCookie, expectedSession));
    if (!(bearer && timingSafeEqual(bearer, apiToken)) && !signedIn) {
      if (!pathname.startsWith("/api/") && method.toUpperCase() === "GET") {
        return {
          ok: false,
          status: 302,
          code: "unauthorized:session",
          location: `/login?next=${encodeURIComponent(returnTo ?? pathname)}`,
        };
      }
      return {
        ok: false,
        status: 401,
        code: "unauthorized:token",
        message: "Sign in first, or send `Authorization: Bearer <TOOLSCOPE_API_TOKEN>`.",
      };
    }
  }
  return { ok: true };
}
