// The rules every request meets before anyone asks who it is from, applied once by the front
// door (lib/server/front-door.ts), which then identifies the caller (lib/auth/identify.ts) and
// decides access (lib/auth/authorize.ts):
// - Host must be one Toolscope answers to (defeats DNS rebinding: a web page cannot reach
//   127.0.0.1 under its own domain name);
// - in local mode (no accounts, no token), only this machine may ask (a loopback peer
//   address): a Host header is the client's to choose, so it alone cannot keep a remote client out;
// - a mutating request must come from Toolscope's own origin (defeats cross-site POSTs from any
//   page the user happens to visit; with SameSite=Lax session cookies, the second line of defence).
// Pure: reads only what it is given.
import type { ErrorCode } from "@/lib/errors";

export type GuardVerdict = { ok: true } | { ok: false; status: 403; code: ErrorCode; message: string };

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

export type GuardInput = {
  method: string;
  headers: { get(name: string): string | null };
  /** The socket's remote address. */
  peerAddress: string | undefined;
  allowedHosts: string[];
  /** Local mode: no accounts and no token, so only this machine may ask. */
  localOnly: boolean;
  /**
   * Answer whatever Host is named: probes and scrapers reach a replica by its own address
   * (a pod's IP), never a name in TOOLSCOPE_ALLOWED_HOSTS. Never in local mode, where the Host
   * check is what keeps a DNS-rebinding page from reaching an open Toolscope.
   */
  anyHost?: boolean;
  /**
   * A path pages on any origin may change things through: one that takes no cookies, so a
   * cross-site request carries no one's authority (OAuth's token and registration endpoints,
   * lib/server/oauth-endpoints.ts).
   */
  anyOrigin?: boolean;
};

export function guardRequest({
  method,
  headers,
  peerAddress,
  allowedHosts,
  localOnly,
  anyHost = false,
  anyOrigin = false,
}: GuardInput): GuardVerdict {
  const host = headers.get("host") ?? "";
  if (!(anyHost && !localOnly) && (!host || !allowedHosts.includes(hostname(host)))) {
    return {
      ok: false,
      status: 403,
      code: "forbidden:host",
      message: `Toolscope does not answer to the host "${host ?? ""}". Add it to TOOLSCOPE_ALLOWED_HOSTS to allow it.`,
    };
  }
  if (localOnly && !isLoopbackAddress(peerAddress)) {
    return {
      ok: false,
      status: 403,
      code: "forbidden:peer",
      message:
        "In local mode (no accounts, no TOOLSCOPE_API_TOKEN), Toolscope answers only this machine. Create an account or set the token to serve others.",
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
  if (MUTATING.has(method.toUpperCase()) && !sameOrigin && !anyOrigin) {
    return { ok: false, status: 403, code: "forbidden:origin", message: "Cross-origin requests that change anything are refused." };
  }
  return { ok: true };
}
