// Pieces both test authorization servers share (./oidc-provider.ts for Toolscope's own sign-in,
// ./oauth-mcp-fixture.ts in front of an MCP server): an in-memory store for oidc-provider, one
// signing key per process, HTML escaping for their bare pages, and enough of a browser to sign in.
import { generateKeyPairSync } from "node:crypto";

export type StoredPayload = { uid?: string; userCode?: string; grantId?: string; consumed?: number };

// Models whose rows die with their grant (oidc-provider's own memory adapter uses the same list).
const GRANT_BOUND = new Set(["AccessToken", "AuthorizationCode", "RefreshToken", "DeviceCode", "BackchannelAuthenticationRequest"]);

// Passing our own store keeps each provider's state separate and silences the "development-only
// in-memory adapter" warning the built-in one prints. Volumes are tiny, so lookups just scan.
export function memoryAdapter() {
  const rows = new Map<string, { payload: StoredPayload; expiresAt: number }>();
  const read = (key: string): StoredPayload | undefined => {
    const row = rows.get(key);
    if (!row || row.expiresAt > Date.now()) return row?.payload;
    rows.delete(key);
    return undefined;
  };
  const findBy = (model: string, field: "uid" | "userCode", value: string) => {
    for (const [key, row] of rows) if (key.startsWith(`${model}:`) && row.payload[field] === value) return read(key);
    return undefined;
  };
  // An arrow function, not a class: oidc-provider calls a non-constructable adapter as a factory.
  return (model: string) => ({
    async upsert(id: string, payload: StoredPayload, expiresIn?: number) {
      rows.set(`${model}:${id}`, { payload, expiresAt: expiresIn === undefined ? Infinity : Date.now() + expiresIn * 1000 });
    },
    async find(id: string) {
      return read(`${model}:${id}`);
    },
    async findByUid(uid: string) {
      return findBy(model, "uid", uid);
    },
    async findByUserCode(userCode: string) {
      return findBy(model, "userCode", userCode);
    },
    async consume(id: string) {
      const payload = read(`${model}:${id}`);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id: string) {
      rows.delete(`${model}:${id}`);
    },
    async revokeByGrantId(grantId: string) {
      for (const [key, row] of rows)
        if (GRANT_BOUND.has(key.slice(0, key.indexOf(":"))) && row.payload.grantId === grantId) rows.delete(key);
    },
  });
}

// RSA generation takes a noticeable moment on two cores and tests start many providers; one key
// per process is plenty. RSA because RS256 is what every relying party accepts.
let signingKey: Record<string, unknown> | undefined;
export function signingJwk(): Record<string, unknown> {
  signingKey ??= { ...generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }), use: "sig", alg: "RS256" };
  return signingKey;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

// Enough of a browser for one sign-in: cookies by name and redirects followed by hand so every
// hop keeps the jar; stops at the client's redirect URI (`stopAt`), where a test takes over.
export function fixtureBrowser(stopAt: string) {
  const jar = new Map<string, string>();
  const request = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const name = pair.slice(0, pair.indexOf("=")).trim();
      const value = pair.slice(pair.indexOf("=") + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === "";
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
  const follow = async (response: Response, url: string): Promise<Response | URL> => {
    while (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get("location") ?? "", url);
      if (next.href.startsWith(stopAt)) return next;
      url = next.href;
      response = await request(url);
    }
    return response;
  };
  return { request, follow };
}
