import "server-only";
// Secrets at rest: server configs (their header and env values, URLs with keys in the query)
// and, later, OAuth tokens are stored encrypted with AES-256-GCM. The key comes from
// TOOLSCOPE_SECRET_KEY (several replicas on one PostgreSQL must share it), else from a key
// generated on first use into the data directory, readable by its owner only. A value is
// bound to what it is (`purpose`, authenticated but not stored), so one cannot be moved into
// another's place.
import crypto from "node:crypto";
import { appConfig } from "@/lib/config/env";
import { generatedSecret } from "@/lib/config/generated-secret";
import { processWide } from "@/lib/process-wide";

const PREFIX = "enc:v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keys = processWide("secret-box-key", () => ({ key: undefined as Buffer | undefined }));

/** The key secrets at rest are sealed with; other keys (the replicas' bus: lib/cluster) are derived from the same secret. */
export function secretKeyFor(purpose: string): Buffer {
  const config = appConfig();
  const secret = config.secretKey ?? generatedSecret(config.dataDir, "secret-key");
  return Buffer.from(crypto.hkdfSync("sha256", secret, "toolscope", purpose, 32));
}

function key(): Buffer {
  keys.key ??= secretKeyFor("secrets at rest v1");
  return keys.key;
}

export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}

export function seal(plaintext: string, purpose: string): string {
  return sealWith(key(), plaintext, purpose);
}

/** Seals with a key of the caller's (32 bytes). */
export function sealWith(key: Buffer, plaintext: string, purpose: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(purpose, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The plaintext of a sealed value; throws when the key is not the one it was sealed with, or it was altered. */
export function unseal(sealed: string, purpose: string): string {
  return unsealWith(key(), sealed, purpose);
}

export function unsealWith(key: Buffer, sealed: string, purpose: string): string {
  if (!isSealed(sealed)) throw new Error("not a sealed value");
  const raw = Buffer.from(sealed.slice(PREFIX.length), "base64url");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(purpose, "utf8"));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}
