// Pieces both test authorization servers share (./oidc-provider.ts for Toolscope's own sign-in,
// ./oauth-mcp-fixture.ts in front of an MCP server): an in-memory store for oidc-provider, one
// signing key per process, HTML escaping for their bare pages, and enough of a browser to sign in.
import { generateKeyPairSync } from "node:crypto";
import type http from "node:http";

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

// The slice of oidc-provider's API the interaction pages touch.
export type Interaction = {
  uid: string;
  prompt: {
    name: string;
    details: { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
  };
  params: Record<string, unknown>;
  session?: { accountId?: string };
  grantId?: string;
};
export type Grant = {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  addResourceScope(indicator: string, scope: string): void;
  save(): Promise<string>;
};
export type InteractionApi = {
  interactionDetails(req: http.IncomingMessage, res: http.ServerResponse): Promise<Interaction>;
  interactionFinished(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: { new (init: { accountId: string; clientId: string }): Grant; find(id: string): Promise<Grant | undefined> };
};

export async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * The login and consent pages. The interaction comes from its cookie, so the uid in the path
 * only has to route here. `authenticate` answers the account id for a login and password.
 */
export function interactionHandler(
  provider: InteractionApi,
  pages: {
    loginPage: (uid: string, login: string, error?: string) => string;
    authenticate: (login: string, password: string) => string | undefined;
    invalid: string;
    name: string;
  },
): (req: http.IncomingMessage, res: http.ServerResponse, action: string | undefined) => Promise<void> {
  return async (req, res, action) => {
    const interaction = await provider.interactionDetails(req, res);
    const { uid } = interaction;
    const html = (status: number, body: string): void =>
      void res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(body);

    if (interaction.prompt.name === "login") {
      if (req.method === "GET" && !action) return html(200, pages.loginPage(uid, String(interaction.params.login_hint ?? "")));
      if (req.method !== "POST" || action !== "login") return html(404, "Not found");
      const form = await readForm(req);
      const login = form.get("login") ?? "";
      const accountId = pages.authenticate(login.trim(), form.get("password") ?? "");
      if (!accountId) return html(200, pages.loginPage(uid, login, pages.invalid));
      return provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
    }

    if (interaction.prompt.name === "consent") {
      // Consent is not what tests are about: grant exactly what the client asked for (oidc-provider
      // lists it as "missing"), straight away. Nothing beyond the request is ever added.
      const accountId = interaction.session?.accountId;
      if (!accountId) return html(400, "Consent without a signed-in account");
      const { details } = interaction.prompt;
      const grant =
        (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
        new provider.Grant({ accountId, clientId: String(interaction.params.client_id) });
      if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(" "));
      if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {}))
        grant.addResourceScope(indicator, scopes.join(" "));
      return provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    }

    return html(501, `Prompt ${escapeHtml(interaction.prompt.name)} is not implemented by the ${pages.name}`);
  };
}
