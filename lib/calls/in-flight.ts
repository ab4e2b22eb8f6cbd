import "server-only";
// Calls running now, by audit id, so that a person can cancel one from another request (the
// form's Cancel button) and the call still ends with a result that says "cancelled".
import { processWide } from "@/lib/process-wide";

/** `owner`: who started it (their user id, else their actor label): only they, or an admin, may cancel it. */
type InFlight = { serverId: string; owner: string; cancel: () => void };

const calls = processWide("calls-in-flight", () => new Map<string, InFlight>());

export function trackCall(auditId: string, call: InFlight): () => void {
  calls.set(auditId, call);
  return () => calls.delete(auditId);
}

export function ownerOf(caller: { userId: string | null; actor: string }): string {
  return caller.userId ?? caller.actor;
}

/**
 * Cancels a call in flight; false when no such call is running (it has ended, or never was) or
 * it is someone else's (`by` given and neither its owner nor an admin: not told apart from none).
 */
export function cancelCall(auditId: string, by?: { owner: string; isAdmin: boolean }): boolean {
  const call = calls.get(auditId);
  if (!call || (by && !by.isAdmin && by.owner !== call.owner)) return false;
  call.cancel();
  return true;
}
