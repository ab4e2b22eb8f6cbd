// Local-mode safety, applied to every request before it reaches a page or route:
// - Host must be one Toolscope answers to (defeats DNS rebinding: a web page cannot
//   reach 127.0.0.1 under its own domain name);
// - a mutating request must come from Toolscope's own origin (defeats cross-site POSTs
//   from any page the user happens to visit);
// - with TOOLSCOPE_API_TOKEN set, API calls from anything but Toolscope's own pages must
//   carry `Authorization: Bearer <token>`.
// Pure: reads only the request and the environment, so it can run in Next's proxy.

export type GuardVerdict = { ok: true } | { ok: false; status: 401 | 403; code: string; message: string };

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

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export type GuardInput = {
  method: string;
  pathname: string;
  headers: { get(name: string): string | null };
  allowedHosts: string[];
  apiToken: string | undefined;
};

export function guardRequest({ method, pathname, headers, allowedHosts, apiToken }: GuardInput): GuardVerdict {
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
  if (apiToken && pathname.startsWith("/api/")) {
    const bearer = /^Bearer\s+(.+)$/i.exec(headers.get("authorization") ?? "")?.[1];
    const fromOwnPage = fetchSite === "same-origin" && (origin === null || sameOrigin);
    if (!(bearer && timingSafeEqual(bearer, apiToken)) && !fromOwnPage) {
      return {
        ok: false,
        status: 401,
        code: "unauthorized:token",
        message: "This API needs `Authorization: Bearer <TOOLSCOPE_API_TOKEN>`.",
      };
    }
  }
  return { ok: true };
}
