import "server-only";
// Signing in and out. Passwords and single sign-on go through better-auth, which creates a
// random server-side session per sign-in and sets its HttpOnly, SameSite=Lax cookie (Secure over
// https). The bootstrap token (TOOLSCOPE_API_TOKEN) typed on the sign-in page gets a session of
// the same kind, as the bootstrap account, so it too can be signed out and revoked.
import { isAPIError } from "better-auth/api";
import { serializeSignedCookie } from "better-call";
import { recordEvent } from "@/lib/audit/events";
import { appConfig } from "@/lib/config/env";
import { database } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { adminApi, auth, creatingBootstrapAccount } from "./better-auth";
import { authMode } from "./mode";
import { BOOTSTRAP_EMAIL } from "../domain/reserved-identity";
import { permissionsOf, type Caller } from "../domain/roles";
import type { SessionSummary } from "./people-shape";
import type { SessionState } from "./session-state";
import { bootstrapTokenDigest, configuredApiToken, timingSafeEqual } from "./bootstrap-token";
import { listTokens, revokeToken } from "./personal-tokens";
import { checkSignIn, signInFailed, signInSucceeded, ThrottledError } from "./throttle";

export async function sessionState(caller: Caller): Promise<SessionState> {
  const mode = await authMode();
  const oidc = appConfig().auth.oidc;
  return {
    mode,
    signedIn: caller.role !== null,
    person:
      caller.role === null
        ? null
        : {
            id: caller.userId,
            name: caller.name,
            email: caller.email,
            role: caller.role,
            authMethod: caller.authMethod,
            tokenName: caller.tokenName,
          },
    permissions: permissionsOf(caller),
    signIn: {
      password: mode === "accounts",
      token: mode !== "local" && configuredApiToken() !== undefined,
      sso: oidc ? { name: oidc.name } : null,
    },
  };
}

export type SignInInput = { email: string; password: string } | { token: string };
export type SignedIn = { setCookies: string[] };

export async function signIn(input: SignInInput, request: { headers: Headers; clientIp: string | null }): Promise<SignedIn> {
  const account = "token" in input ? "bootstrap-token" : input.email;
  const { addressWaitSeconds } = await checkSignIn(account, request.clientIp);
  try {
    const signedIn = "token" in input ? await signInWithToken(input.token, request) : await signInWithPassword(input, request);
    await signInSucceeded(account);
    return signedIn;
  } catch (error) {
    if (error instanceof AppError && error.status === 401) {
      await signInFailed(account, request.clientIp);
      await recordEvent("sign_in_failed", { actor: "anonymous", clientIp: request.clientIp }, { subject: account, reason: error.code });
      // From an address out of attempts only a correct password gets through; a wrong one is told to wait.
      if (addressWaitSeconds > 0) throw new ThrottledError(addressWaitSeconds);
    }
    throw error;
  }
}

/**
 * The HTTP status of an error better-auth answered with, undefined for any other error. Never
 * `instanceof APIError`: the process has one better-auth instance (lib/process-wide.ts), built by
 * the first copy of lib/ to ask for it, and Next's route bundles carry better-auth copies of their
 * own, apart from the front door's (which serves single sign-on). An error thrown by the instance
 * is then of another copy's class; better-auth's isAPIError knows it by name.
 */
function authErrorStatus(error: unknown): number | undefined {
  return isAPIError(error) && typeof error.statusCode === "number" ? error.statusCode : undefined;
}

async function signInWithPassword(
  input: { email: string; password: string },
  request: { headers: Headers; clientIp: string | null },
): Promise<SignedIn> {
  const instance = await auth();
  try {
    const { headers, response } = await instance.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
    const user = response.user as { id: string; name: string; email: string; role?: string | null };
    await recordEvent(
      "sign_in",
      { actor: `${user.name} <${user.email}>`, actorId: user.id, actorName: user.name, authMethod: "password", clientIp: request.clientIp },
      { subject: user.id, method: "password" },
    );
    return { setCookies: headers.getSetCookie() };
  } catch (error) {
    const status = authErrorStatus(error);
    if (status === 401) throw new AppError("unauthorized:credentials");
    // The admin plugin refuses people an admin has disabled ("banned").
    if (status === 403) throw new AppError("unauthorized:disabled");
    throw error;
  }
}

async function bootstrapAccountId(): Promise<string> {
  const db = await database();
  const existing = await db.selectFrom("auth_user").select("id").where("email", "=", BOOTSTRAP_EMAIL).executeTakeFirst();
  if (existing) return existing.id;
  // The user hooks in lib/auth/better-auth.ts refuse the reserved address to everyone else.
  const instance = await auth();
  const { user } = await creatingBootstrapAccount(async () =>
    (await adminApi()).createUser({ body: { email: BOOTSTRAP_EMAIL, name: "Bootstrap admin" } }),
  );
  await (await instance.$context).internalAdapter.updateUser(user.id, { role: "admin" });
  return user.id;
}

async function signInWithToken(token: string, request: { headers: Headers; clientIp: string | null }): Promise<SignedIn> {
  const expected = configuredApiToken();
  if (!expected || !timingSafeEqual(token, expected)) throw new AppError("unauthorized:token");
  const context = await (await auth()).$context;
  const session = await context.internalAdapter.createSession(await bootstrapAccountId(), false, {
    authMethod: "bootstrap-token",
    bootstrapTokenDigest: bootstrapTokenDigest(expected, context.secret),
    ipAddress: request.clientIp ?? "",
    userAgent: request.headers.get("user-agent") ?? "",
  });
  const cookie = context.authCookies.sessionToken;
  const value = await serializeSignedCookie(cookie.name, session.token, context.secret, {
    ...cookie.attributes,
    maxAge: context.sessionConfig.expiresIn,
  });
  await recordEvent(
    "sign_in",
    { actor: "bootstrap token", actorName: "Bootstrap admin", authMethod: "bootstrap-token", clientIp: request.clientIp },
    { method: "bootstrap-token" },
  );
  return { setCookies: [value] };
}

/** Ends this browser's session (revoked on the server, not only forgotten by the browser). */
export async function signOut(caller: Caller, headers: Headers): Promise<SignedIn> {
  const instance = await auth();
  const { headers: answer } = await instance.api.signOut({ headers, returnHeaders: true });
  if (caller.role !== null) await recordEvent("sign_out", caller, {});
  return { setCookies: answer.getSetCookie() };
}

/** Ends every session of the caller's account: "sign out everywhere". */
export async function signOutEverywhere(caller: Caller, headers: Headers): Promise<SignedIn> {
  if (!caller.userId) throw new AppError("bad_request:no_account");
  const instance = await auth();
  const context = await instance.$context;
  await context.internalAdapter.deleteUserSessions(caller.userId);
  const { headers: answer } = await instance.api.signOut({ headers, returnHeaders: true }).catch(() => ({ headers: new Headers() }));
  await recordEvent("sessions_revoked", caller, { subject: caller.userId, scope: "everywhere" });
  return { setCookies: answer.getSetCookie() };
}

export type PasswordChange = {
  currentPassword: string;
  newPassword: string;
  /** End every other session of the account (the default: a password changes when it may be known). */
  signOutOtherSessions?: boolean;
  /** Revoke every personal token of the account too (scripts using them stop working). */
  revokeTokens?: boolean;
};

/**
 * Changes the caller's password (the current one is asked for), and as they choose ends their
 * other sessions and revokes their personal tokens: what someone who knew the old password may
 * have opened with it.
 */
export async function changePassword(
  caller: Caller,
  input: PasswordChange,
  headers: Headers,
): Promise<SignedIn & { sessionsEnded: boolean; tokensRevoked: number }> {
  if (!caller.userId || caller.authMethod === "personal-token") throw new AppError("bad_request:no_account");
  const userId = caller.userId;
  const instance = await auth();
  const signOutOtherSessions = input.signOutOtherSessions ?? true;
  try {
    const { headers: answer } = await instance.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: signOutOtherSessions },
      headers,
      returnHeaders: true,
    });
    await recordEvent("person_changed", caller, { subject: userId, password: "changed" });
    let tokensRevoked = 0;
    if (input.revokeTokens) {
      for (const token of await listTokens(userId)) {
        if (token.revokedAt || !(await revokeToken(token.id, userId))) continue;
        tokensRevoked++;
        await recordEvent("token_revoked", caller, { subject: token.id, name: token.name, owner: userId, reason: "password changed" });
      }
    }
    return { setCookies: answer.getSetCookie(), sessionsEnded: signOutOtherSessions, tokensRevoked };
  } catch (error) {
    const status = authErrorStatus(error);
    if (status !== undefined && status < 500) {
      throw new AppError("bad_request:body", (error as Error).message || "The password could not be changed.");
    }
    throw error;
  }
}

export type { SessionSummary } from "./people-shape";

export async function listSessions(caller: Caller): Promise<SessionSummary[]> {
  if (!caller.userId) throw new AppError("bad_request:no_account");
  const db = await database();
  const rows = await db.selectFrom("auth_session").selectAll().where("userId", "=", caller.userId).orderBy("createdAt", "desc").execute();
  const now = Date.now();
  return rows
    .filter((row) => new Date(row.expiresAt).getTime() > now)
    .map((row) => ({
      id: row.id,
      createdAt: new Date(row.createdAt).toISOString(),
      expiresAt: new Date(row.expiresAt).toISOString(),
      ipAddress: row.ipAddress || null,
      userAgent: row.userAgent || null,
      authMethod: row.authMethod,
      current: row.id === caller.sessionId,
    }));
}
