import "server-only";
// Calls running now, by audit id, so that a person can cancel one from another request (the
// form's Cancel button) and the call still ends with a result that says "cancelled". With
// several Toolscope processes on one database, the Cancel may reach another process than the
// one running the call: the audit record says which process opened it, and the bus asks it.
import { clusterBus } from "@/lib/cluster";
import { processWide } from "@/lib/process-wide";
import { otherProcessThatOpened } from "./record-owner";

/** `owner`: who started it (their user id, else their actor label): only they, or an admin, may cancel it. */
type InFlight = { serverId: string; owner: string; cancel: () => void };
export type Canceller = { owner: string; isAdmin: boolean };

const calls = processWide("calls-in-flight", () => new Map<string, InFlight>());

export function trackCall(auditId: string, call: InFlight): () => void {
  calls.set(auditId, call);
  return () => calls.delete(auditId);
}

/** Who has calls in flight on a server in this process: their owners (see ownerOf). */
export function ownersInFlight(serverId: string): Set<string> {
  return new Set([...calls.values()].filter((call) => call.serverId === serverId).map((call) => call.owner));
}

export function ownerOf(caller: { userId: string | null; actor: string }): string {
  return caller.userId ?? caller.actor;
}

/**
 * Cancels a call in flight in this process; false when no such call is running (it has ended,
 * or never was) or it is someone else's (`by` given and neither its owner nor an admin: not
 * told apart from none).
 */
export function cancelCall(auditId: string, by?: Canceller): boolean {
  const call = calls.get(auditId);
  if (!call || (by && !by.isAdmin && by.owner !== call.owner)) return false;
  call.cancel();
  return true;
}

/** Cancels a call wherever it runs: here, or in the process that opened its record (see above). */
export async function cancelAnywhere(auditId: string, by: Canceller): Promise<boolean> {
  if (cancelCall(auditId, by)) return true;
  const owner = await otherProcessThatOpened(auditId);
  return owner !== undefined && (await clusterBus()?.ask(owner, "cancel", { auditId, by })) === true;
}

/** Every call from the pipeline's entry until it is answered, its record written, as how to interrupt it. */
const underway = processWide("calls-underway", () => new Set<(reason: unknown) => void>());

/** Counts a call as underway (lib/calls/run-call.ts) until the returned function is called. */
export function callUnderway(interrupt: (reason: unknown) => void): () => void {
  underway.add(interrupt);
  return () => underway.delete(interrupt);
}

/** The calls this process runs now (a draining process waits for them; metrics count them). */
export function callsInFlight(): number {
  return underway.size;
}

const INTERRUPTION = "ToolscopeInterruption";

/** Why a call still running when this process stops is ended: its record says "interrupted", not "cancelled". */
function interruption(message: string): Error {
  return Object.assign(new Error(message), { name: INTERRUPTION });
}

/** By name, not class: the pipeline may run in another bundle's copy of this module (lib/process-wide.ts). */
export function isInterruption(reason: unknown): reason is Error {
  return reason instanceof Error && reason.name === INTERRUPTION;
}

/** Ends every call still running here as interrupted (a process that stops: lib/server/shutdown.ts). */
export function interruptAllCalls(message: string): number {
  const running = [...underway];
  for (const interrupt of running) interrupt(interruption(message));
  return running.length;
}
