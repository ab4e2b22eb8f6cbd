import "server-only";
// Retention: with TOOLSCOPE_AUDIT_RETENTION_DAYS set, records older than that are deleted
// at start-up and every hour after, keeping the hash chain verifiable (see store.purgeBefore).
import { processWide } from "@/lib/process-wide";
import { appConfig } from "@/lib/config/env";
import { auditStore } from "./audit";
import { deleteRunsBefore } from "@/lib/saved/saved-store";

const PURGE_EVERY_MS = 60 * 60 * 1000;
const retention = processWide("audit-retention", (): { timer?: NodeJS.Timeout } => ({}));

export async function purgeExpired(): Promise<number> {
  const days = appConfig().audit.retentionDays;
  if (days === undefined) return 0;
  const before = Date.now() - days * 24 * 60 * 60 * 1000;
  // A saved call's runs keep excerpts of results (its checks' findings): they go with the records.
  await deleteRunsBefore(new Date(before).toISOString());
  return (await auditStore()).purgeBefore(before);
}

export function scheduleRetention(): void {
  if (appConfig().audit.retentionDays === undefined || retention.timer) return;
  const run = (): void => {
    purgeExpired()
      .then((n) => n > 0 && console.log(`[toolscope] audit retention: deleted ${n} records`))
      .catch((error: unknown) => console.error("[toolscope] audit retention failed:", error));
  };
  run();
  retention.timer = setInterval(run, PURGE_EVERY_MS);
  retention.timer.unref();
}
