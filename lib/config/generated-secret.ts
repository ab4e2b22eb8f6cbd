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
  // Written whole to a file of its own, then linked into place: a reader never sees it half
  // written, and two processes starting at once keep the first one's (link fails on EEXIST).
  const draft = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
  fs.writeFileSync(draft, `${secret}\n`, { mode: 0o600, flag: "wx" });
  try {
    fs.linkSync(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length < 32)
      throw new Error(`${file} holds no usable secret (under 32 characters): remove it, or set the value in the environment.`);
    return existing;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}
