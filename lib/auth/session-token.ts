// The browser's proof of having signed in with TOOLSCOPE_API_TOKEN: an HMAC of a fixed label
// under the token, kept in an HttpOnly, SameSite=Strict cookie. It reveals nothing about the
// token, and changing the token signs every browser out.
import crypto from "node:crypto";

export const SESSION_COOKIE = "toolscope_session";

/** TOOLSCOPE_API_TOKEN, when set: the one place that reads it. */
export function configuredApiToken(): string | undefined {
  return process.env.TOOLSCOPE_API_TOKEN || undefined;
}

const values = new Map<string, string>();

export function sessionValue(token: string): string {
  let value = values.get(token);
  if (!value) {
    value = crypto.createHmac("sha256", token).update("toolscope-session-v1").digest("hex");
    values.set(token, value);
  }
  return value;
}

/** Compares in time that does not depend on where the strings differ (length is not secret here). */
export function timingSafeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
