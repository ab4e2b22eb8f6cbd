import "server-only";
// The app's audit store, over the app's database, with the configured limits.
import type { Kysely } from "kysely";
import { appConfig } from "@/lib/config/env";
import { database } from "@/lib/db";
import type { Database } from "@/lib/db/schema";
import { processWide } from "@/lib/process-wide";
import { HEARTBEAT_MS } from "../cluster/instances";
import { createAuditStore, type AuditStore } from "./store";
import { toolCallStats } from "./tool-stats";
import { agentActivity, type AgentActivity } from "./agent-activity";
import type { AuditReader } from "./visibility";
import type { ToolCallStats } from "../domain/report-card";

/**
 * The store, built once per process and database: what it holds (this process's registration,
 * the heartbeats it has seen, SQLite's indexing timer) is this process's view of that database.
 */
const built = processWide("audit-store", (): { db?: Kysely<Database>; store?: AuditStore } => ({}));

export async function auditStore(): Promise<AuditStore> {
  const db = await database();
  // Another database handle (one opened anew) gets a store of its own.
  if (built.db !== db || !built.store) {
    built.store = createAuditStore(db, { maxResultBytes: appConfig().audit.maxResultBytes });
    built.db = db;
  }
  return built.store;
}

const heartbeat = processWide("audit-heartbeat", (): { timer?: ReturnType<typeof setInterval> } => ({}));

/** Says this process is alive, then marks the pending calls of Toolscope processes that are gone. */
async function beat(includeUnowned: boolean): Promise<void> {
  const store = await auditStore();
  await store.heartbeat();
  const marked = await store.markInterrupted({ includeUnowned });
  if (marked > 0) console.log(`[toolscope] audit log: ${marked} call(s) of a stopped Toolscope process marked interrupted`);
}

/**
 * Registers this process with the audit log, marks the calls that processes now gone left
 * pending (at start-up also those from before migration 0008, which name no process), and
 * from then on says every HEARTBEAT_MS that this process is alive and sweeps for the calls of
 * others that died: a replica that crashes has its calls marked by the ones still running.
 */
export async function startAuditHeartbeat(): Promise<void> {
  await beat(true);
  if (heartbeat.timer) return;
  let sweeping = false;
  heartbeat.timer = setInterval(() => {
    // A sweep slower than the interval (a slow database) is not joined by the next one.
    if (sweeping) return;
    sweeping = true;
    beat(false)
      .catch((error: unknown) => console.error("[toolscope] audit heartbeat failed:", error instanceof Error ? error.message : error))
      .finally(() => (sweeping = false));
  }, HEARTBEAT_MS);
  heartbeat.timer.unref();
}

/** This process stops: no more heartbeats; its pending records are marked interrupted and its row goes. */
export async function retireFromAuditLog(): Promise<number> {
  clearInterval(heartbeat.timer);
  heartbeat.timer = undefined;
  return (await auditStore()).retire();
}

/** What the audit log says of each tool of one server (tool-stats.ts). */
export async function serverToolStats(serverId: string): Promise<{ stats: ToolCallStats[]; records: number }> {
  return toolCallStats(await database(), serverId);
}

/** The agents that called tools through /mcp, newest first (lib/audit/agent-activity.ts). */
export async function agentsSeen(reader: AuditReader): Promise<AgentActivity[]> {
  return agentActivity(await database(), reader);
}
