// The rules every request meets before it reaches a page, an API route or a call, applied once
// by the front door (lib/server/front-door.ts):
// - Host must be one Toolscope answers to (defeats DNS rebinding: a web page cannot reach
//   127.0.0.1 under its own domain name);
// - without TOOLSCOPE_API_TOKEN, only this machine may ask (a loopback peer address): a Host
//   header is the client's to choose, so it alone cannot keep a remote client out;
// - a mutating request must come from Toolscope's own origin (defeats cross-site POSTs from any
//   page the user happens to visit);
// - with TOOLSCOPE_API_TOKEN set, every request must prove it knows the token: scripts with
//   `Authorization: Bearer <token>`, browsers with the session cookie that signing in on /login
//   sets. (No header a script can forge, such as Sec-Fetch-Site, lets anyone in.)
// Pure: reads only what it is given.
import type { ErrorCode } from "@/lib/errors";
import type { Caller } from "@/lib/mcp/types";
import { sessionValue, timingSafeEqual } from "@/lib/auth/session-token";

export type GuardVerdict =
  | { ok: true; caller: Caller }
  | { ok: false; status: 401 | 403; code: ErrorCode; message: string }
  /** A page asked for without signing in: send the browser to the sign-in page. */
  | { ok: false; status: 302; code: "unauthorized:token"; location: string };

/** What may be reached without signing in: the sign-in page, its assets, and the call that signs in. */
const PUBLIC_PATHS = new Set(["/login", "/api/session", "/api/health", "/favicon.ico", "/icon.svg"]);
/** Next's built assets: plain file names only (no encoded characters, no dot segments). */
const PUBLIC_ASSET = /^\/_next\/static\/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*\/)*[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;
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

/** A host name or address to listen on that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return ["localhost", "::1", "[::1]"].includes(host.toLowerCase()) || isLoopbackAddress(host);
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4.startsWith("127.") || address === "::1";
}

function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname) || PUBLIC_ASSET.test(pathname);
}

export type GuardInput = {
  method: string;
  pathname: string;
  headers: { get(name: string): string | null };
  /** The socket's remote address. */
  peerAddress: string | undefined;
  allowedHosts: string[];
  apiToken: string | undefined;
  /** The session cookie's value the request carries, if any. */
  sessionCookie?: string | undefined;
  /** The path and query asked for, to come back to after signing in. */
  returnTo?: string;
};

export function guardRequest({
  method,
  pathname,
  headers,
  peerAddress,
  allowedHosts,
  apiToken,
  sessionCookie,
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
  if (!apiToken && !isLoopbackAddress(peerAddress)) {
    return {
      ok: false,
      status: 403,
      code: "forbidden:peer",
      message: "Without TOOLSCOPE_API_TOKEN, Toolscope answers only this machine. Set the token to serve others.",
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
  const clientIp = peerAddress || null;
  if (!apiToken) return { ok: true, caller: { actor: "local", clientIp } };
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.get("authorization") ?? "")?.[1];
  if (bearer && timingSafeEqual(bearer, apiToken)) return { ok: true, caller: { actor: "api-token", clientIp } };
  if (sessionCookie && timingSafeEqual(sessionCookie, sessionValue(apiToken))) {
    return { ok: true, caller: { actor: "signed-in browser", clientIp } };
  }
  if (isPublicPath(pathname)) return { ok: true, caller: { actor: "anonymous", clientIp } };
  if (!pathname.startsWith("/api/") && ["GET", "HEAD"].includes(method.toUpperCase())) {
    return { ok: false, status: 302, code: "unauthorized:token", location: `/login?next=${encodeURIComponent(returnTo ?? pathname)}` };
  }
  return {
    ok: false,
    status: 401,
    code: "unauthorized:token",
    message: "Sign in first, or send `Authorization: Bearer <TOOLSCOPE_API_TOKEN>`.",
  };
}
