import "server-only";
// A secret generated on first use into the data directory (the directory made 0700, the file
// 0600), for settings an operator may leave unset on a single machine: a fresh install needs
// no setup, and a restart keeps what was made. Several processes sharing one database must be
// given the value through the environment instead.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export function generatedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = crypto.randomBytes(32).toString("base64url");
  try {
    // "wx": two processes starting at once must not each write their own.
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return fs.readFileSync(file, "utf8").trim();
    throw error;
  }
}
