import "server-only";
// The app's audit store, over the app's database, with the configured limits.
import { appConfig } from "@/lib/config/env";
import { database } from "@/lib/db";
import { createAuditStore, type AuditStore } from "./store";

export async function auditStore(): Promise<AuditStore> {
  return createAuditStore(await database(), { maxResultBytes: appConfig().audit.maxResultBytes });
}
