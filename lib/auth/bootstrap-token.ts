// TOOLSCOPE_API_TOKEN, the bootstrap admin's token, and comparing secrets without leaking
// where they differ through timing.
import crypto from "node:crypto";

/** TOOLSCOPE_API_TOKEN, when set: the one place that reads it. */
export function configuredApiToken(): string | undefined {
  return process.env.TOOLSCOPE_API_TOKEN || undefined;
}

/** A keyed digest of the bootstrap token, kept on the sessions it signs in: they hold only while it is the same token. */
export function bootstrapTokenDigest(token: string, key: string): string {
  return crypto.createHmac("sha256", key).update(`toolscope bootstrap session\0${token}`).digest("hex");
}

/** Compares in time that does not depend on where the strings differ (length is not secret here). */
export function timingSafeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
