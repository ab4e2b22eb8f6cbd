// The Toolscope processes that write to one audit log, and when one of them counts as gone.
// A pending record is marked "interrupted" only once the process that opened it is gone: on
// start-up for records that an earlier run left, and in a periodic sweep for those of a replica
// that died while others kept running. A process that is alive completes its own records.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import type { AuditInstancesTable } from "../db/schema";
import { processWide } from "../process-wide";

/** `host` names where `pid` means something: the machine, its boot, and the pid namespace (see pidSpace). */
export type AuditInstance = { id: string; host: string; pid: number };

/** How often a running Toolscope says it is alive, and sweeps for the calls of gone ones. */
export const HEARTBEAT_MS = 15_000;
/** A process not heard from for this long is gone, wherever it ran (four heartbeats missed). */
export const LEASE_MS = 60_000;

/** This process, the same object for every bundle that loads this module. */
export function processInstance(): AuditInstance {
  return processWide("audit-instance", () => ({ id: randomBytes(12).toString("hex"), host: pidSpace(), pid: process.pid }));
}

/**
 * The space this process's pid belongs to. A hostname alone is not one: containers started with
 * the host's network share its hostname but each has pids of its own, and two machines may have
 * the same name. On Linux the boot id and the pid namespace tell them apart (a container started
 * again may get a new namespace: its earlier run then counts as elsewhere, gone after LEASE_MS).
 */
function pidSpace(): string {
  const name = os.hostname();
  try {
    const boot = fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    return `${name} ${boot} ${fs.readlinkSync("/proc/self/ns/pid")}`;
  } catch {
    // Not Linux: one pid space per machine.
    return name;
  }
}

/**
 * Whether the process behind an instance row is gone:
 * - its heartbeat has not moved for LEASE_MS, as timed by this process's own clock (so that
 *   machines whose clocks disagree do not take each other for gone), wherever it runs, even
 *   when its pid is still running (a process that cannot write its heartbeat for a minute);
 * - or at once, in this pid space (see pidSpace), when its pid is not running, or is ours: an
 *   earlier run, as in a container restarted in the same namespace, where every run is pid 1.
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
