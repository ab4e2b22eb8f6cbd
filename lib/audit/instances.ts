// The Toolscope processes that write to one audit log, and when one of them counts as gone.
// A pending record is marked "interrupted" only once the process that opened it is gone: on
// start-up for records that an earlier run left, and in a periodic sweep for those of a replica
// that died while others kept running. A process that is alive completes its own records.
import { randomBytes } from "node:crypto";
import os from "node:os";
import type { AuditInstancesTable } from "../db/schema";

export type AuditInstance = { id: string; host: string; pid: number };

/** How often a running Toolscope says it is alive, and sweeps for the calls of gone ones. */
export const HEARTBEAT_MS = 15_000;
/** A process not heard from for this long is gone, wherever it ran (four heartbeats missed). */
export const LEASE_MS = 60_000;

const KEY = Symbol.for("toolscope.audit-instance");
const globalStore = globalThis as typeof globalThis & { [KEY]?: AuditInstance };

/** This process, the same object for every bundle that loads this module. */
export function processInstance(): AuditInstance {
  globalStore[KEY] ??= { id: randomBytes(12).toString("hex"), host: os.hostname(), pid: process.pid };
  return globalStore[KEY];
}

/**
 * Whether the process behind an instance row is gone. On the same host its pid tells at once
 * (a pid equal to ours belongs to an earlier run: in a container every run gets the same pid);
 * elsewhere, or when the pid now belongs to some other program, its heartbeat does: gone once
 * it has not moved for LEASE_MS, as timed by this process's own clock, so that hosts whose
 * clocks disagree do not take each other for gone.
 */
export function isGone(row: Pick<AuditInstancesTable, "id" | "host" | "pid">, self: AuditInstance, silentForMs: number): boolean {
  if (row.id === self.id) return false;
  if (silentForMs > LEASE_MS) return true;
  if (row.host !== self.host) return false;
  const pid = Number(row.pid);
  return pid === self.pid || !processExists(pid);
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
