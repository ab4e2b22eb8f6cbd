import "server-only";
// Signing a browser in and out when Toolscope runs with TOOLSCOPE_API_TOKEN: the token
// typed on /login is exchanged for the session cookie the request guard accepts.
import { AppError } from "@/lib/errors";
import { configuredApiToken, SESSION_COOKIE, sessionValue, timingSafeEqual } from "./session-token";

export type SessionState = { required: boolean; signedIn: boolean };

const COOKIE_ATTRIBUTES = "Path=/; HttpOnly; SameSite=Strict";

export async function sessionState(cookie: string | undefined): Promise<SessionState> {
  const token = configuredApiToken();
  if (!token) return { required: false, signedIn: true };
  return { required: true, signedIn: Boolean(cookie && timingSafeEqual(cookie, sessionValue(token))) };
}

/** The Set-Cookie header for a browser that typed the right token; throws otherwise. */
export async function signIn({ token }: { token: string }): Promise<string> {
  const expected = configuredApiToken();
  if (!expected) return `${SESSION_COOKIE}=; ${COOKIE_ATTRIBUTES}; Max-Age=0`;
  if (!timingSafeEqual(token, expected)) throw new AppError("unauthorized:token");
  return `${SESSION_COOKIE}=${sessionValue(expected)}; ${COOKIE_ATTRIBUTES}`;
}

export function signOutCookie(): string {
  return `${SESSION_COOKIE}=; ${COOKIE_ATTRIBUTES}; Max-Age=0`;
}
