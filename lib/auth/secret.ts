import "server-only";
// The key better-auth signs session cookies with: TOOLSCOPE_AUTH_SECRET when set (several
// replicas must share it), else one generated on first use into the data directory, readable
// by its owner only, so a fresh install needs no setup and a restart keeps everyone signed in.
import { appConfig } from "@/lib/config/env";
import { generatedSecret } from "@/lib/config/generated-secret";

export function authSecret(): string {
  const config = appConfig();
  return config.auth.secret ?? generatedSecret(config.dataDir, "auth-secret");
}
