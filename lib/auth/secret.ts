import "server-only";
// The key better-auth signs session cookies with: TOOLSCOPE_AUTH_SECRET when set (several
// replicas must share it), else one generated on first use into the data directory, readable
// by its owner only, so a fresh install needs no setup and a restart keeps everyone signed in.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { appConfig } from "@/lib/config/env";

export function authSecret(): string {
  const config = appConfig();
  if (config.auth.secret) return config.auth.secret;
  const file = path.join(config.dataDir, "auth-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
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
