import "server-only";
// Calls running now, by audit id, so that a person can cancel one from another request (the
// form's Cancel button) and the call still ends with a result that says "cancelled".
import { processWide } from "@/lib/process-wide";

type InFlight = { serverId: string; cancel: () => void };

const calls = processWide("calls-in-flight", () => new Map<string, InFlight>());

export function trackCall(auditId: string, call: InFlight): () => void {
  calls.set(auditId, call);
  return () => calls.delete(auditId);
}

/** Cancels a call in flight; false when no such call is running (it has ended, or never was). */
export function cancelCall(auditId: string): boolean {
  const call = calls.get(auditId);
  if (!call) return false;
  call.cancel();
  return true;
}
