import "server-only";
// Who is asking: the front door's second step, after the request guard's checks of host, peer
// and origin. Credentials, in order: the bootstrap token or a personal token as a bearer
// (scripts), then better-auth's session cookie (browsers). In local mode everyone who got past
// the guard (this machine only) is the local user. The bootstrap admin is whoever proved the
// bootstrap token: its bearer, or a session that signing in with it created. Never an email.
import { AppError } from "@/lib/errors";
import { authMode, type AuthMode } from "./mode";
import { isReservedEmail } from "./reserved-address";
import { auth } from "./better-auth";
import { TOKEN_PREFIX, verifyToken } from "./personal-tokens";
import { ANONYMOUS, isRole, type AuthMethod, type Caller } from "../domain/roles";
import { bootstrapTokenDigest, configuredApiToken, timingSafeEqual } from "./bootstrap-token";
import { bearerFailed, bearerThrottled } from "./throttle";
import { appConfig } from "@/lib/config/env";
import { agentGrantee } from "./agent-identity";

export type Identified = {
  mode: AuthMode;
  caller: Caller;
  /** Set-Cookie headers to send back (a session whose expiry slid forward, or one that ended). */
  setCookies: string[];
};

export type IdentifyInput = {
  headers: Headers;
  clientIp: string | null;
  mode?: AuthMode;
  /**
   * Set for a request to Toolscope's MCP endpoint, the one resource that accepts the OAuth access
   * tokens people authorize agents with: its method and public URL, which a DPoP proof signs.
   */
  gateway?: { method: string; url: string };
};

const LOCAL: Omit<Caller, "clientIp"> = {
  ...ANONYMOUS,
  actor: "local",
  name: "Local user",
  role: "admin",
  authMethod: "local",
};

const BOOTSTRAP: Omit<Caller, "clientIp"> = {
  ...ANONYMOUS,
  actor: "bootstrap token",
  name: "Bootstrap admin",
  role: "admin",
  authMethod: "bootstrap-token",
};

type Person = { id: string; name: string; email: string; role?: string | null; banned?: boolean | number | null; groups?: string | null };

function personCaller(person: Person, clientIp: string | null, extra: Partial<Caller>): Caller {
  if (person.banned) throw new AppError("unauthorized:disabled", `The account ${person.email} is disabled. Ask an admin.`);
  // The bootstrap account's row (or one made with its address before that was refused) is never
  // a person: only the bootstrap token's own sign-in acts as it (see identify below).
  if (isReservedEmail(person.email)) throw new AppError("unauthorized:session", "Sign in as yourself, or with the bootstrap token.");
  let groups: string[] = [];
  try {
    const parsed: unknown = JSON.parse(person.groups ?? "[]");
    if (Array.isArray(parsed)) groups = parsed.filter((g): g is string => typeof g === "string");
  } catch {
    // A malformed value means no groups.
  }
  return {
    ...ANONYMOUS,
    actor: `${person.name} <${person.email}>`,
    clientIp,
    userId: person.id,
    name: person.name,
    email: person.email,
    role: isRole(person.role) ? person.role : "viewer",
    groups,
    authMethod: null,
    ...extra,
  };
}

function bearerOf(headers: Headers): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "")?.[1];
}

/** A JWS in compact form: what Toolscope's OAuth access tokens are, and personal tokens are not. */
const COMPACT_JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/;

async function bearerCaller(bearer: string, clientIp: string | null, headers: Headers, gateway: IdentifyInput["gateway"]): Promise<Caller> {
  const bootstrapToken = configuredApiToken();
  if (bootstrapToken && timingSafeEqual(bearer, bootstrapToken)) return { ...BOOTSTRAP, clientIp };
  if (COMPACT_JWS.test(bearer)) {
    if (!gateway)
      throw new AppError(
        "unauthorized:access_token",
        "An OAuth access token is accepted only at Toolscope's MCP endpoint (/mcp). Use a personal token here.",
      );
    const { person, client, scopes } = await agentGrantee(bearer, { headers, ...gateway });
    return personCaller(person, clientIp, { authMethod: "oauth", tokenName: client, scopes });
  }
  if (!bearer.startsWith(TOKEN_PREFIX)) {
    throw new AppError(
      "unauthorized:token",
      "That bearer token is neither TOOLSCOPE_API_TOKEN nor a personal token (they start with tsk_).",
    );
  }
  const { token, owner } = await verifyToken(bearer);
  return personCaller(owner, clientIp, { authMethod: "personal-token", tokenName: token.name, scopes: token.scopes });
}

export function localCaller(clientIp: string | null): Identified {
  return { mode: "local", caller: { ...LOCAL, clientIp }, setCookies: [] };
}

export async function identify({ headers, clientIp, mode: known, gateway }: IdentifyInput): Promise<Identified> {
  const mode = known ?? (await authMode());
  if (mode === "local") return localCaller(clientIp);
  const bearer = bearerOf(headers);
  if (bearer) {
    // Every bearer is checked, from any address: a credential that verifies gets in, so nobody's
    // failures at an address (a shared proxy or NAT) lock out a script or the operator's own
    // TOOLSCOPE_API_TOKEN. Only a failure is counted, and from an address out of attempts it is
    // answered 429, the same answer whatever was wrong with it.
    const throttled = await bearerThrottled(clientIp);
    try {
      return { mode, caller: await bearerCaller(bearer, clientIp, headers, gateway), setCookies: [] };
    } catch (error) {
      // A guess, not a real token that was revoked or has expired (a script still using one is
      // no attacker, and must not lock out everyone else at its address).
      if (error instanceof AppError && error.code === "unauthorized:token") {
        await bearerFailed(clientIp);
        throw throttled ?? error;
      }
      throw error;
    }
  }
  if (!headers.get("cookie")?.includes(".session_token=")) return { mode, caller: { ...ANONYMOUS, clientIp }, setCookies: [] };
  const instance = await auth();
  const { headers: answer, response } = await instance.api.getSession({ headers, returnHeaders: true });
  const setCookies = answer.getSetCookie();
  if (!response) return { mode, caller: { ...ANONYMOUS, clientIp }, setCookies };
  const { session, user } = response;
  const maxAgeMs = appConfig().auth.sessionMaxHours * 3_600_000;
  if (Date.now() - new Date(session.createdAt).getTime() > maxAgeMs) {
    await (await instance.$context).internalAdapter.deleteSession(session.token);
    throw new AppError("unauthorized:session", "Your session reached its maximum age. Sign in again.");
  }
  const method = (session as { authMethod?: string | null }).authMethod;
  if (method === "bootstrap-token") {
    // Signed in with the bootstrap token: valid while that very token is still configured (a
    // replaced token, say a leaked one, ends every session made with the old one).
    const context = await instance.$context;
    const token = configuredApiToken();
    const digest = (session as { bootstrapTokenDigest?: string | null }).bootstrapTokenDigest;
    if (!token || !digest || !timingSafeEqual(digest, bootstrapTokenDigest(token, context.secret))) {
      await context.internalAdapter.deleteSession(session.token);
      throw new AppError(
        "unauthorized:session",
        "The bootstrap token this session signed in with is no longer the configured one. Sign in again.",
      );
    }
    return { mode, caller: { ...BOOTSTRAP, clientIp, sessionId: session.id }, setCookies };
  }
  return {
    mode,
    caller: personCaller(user as Person, clientIp, {
      authMethod: (method === "sso" ? method : "password") as AuthMethod,
      sessionId: session.id,
    }),
    setCookies,
  };
}
