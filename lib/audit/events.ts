import "server-only";
// Account and administration events in the audit log: who signed in (or failed to), signed out,
// changed a person's role, created or revoked a token, changed a server. They are records of
// their own kind in the same hash chain as tool calls, so an auditor sees who changed what and
// nobody can quietly remove it.
import type { Caller } from "@/lib/domain/roles";
import { actorOf } from "@/lib/domain/roles";
import { auditStore } from "./index";

import type { EventKind } from "@/lib/domain/audit-event-kinds";

export { EVENT_KINDS, type EventKind } from "@/lib/domain/audit-event-kinds";

/** What happened, for the record: the subject (a person, token or server) and what changed. */
export type EventDetails = { serverId?: string; subject?: string } & Record<string, unknown>;

/** Writes a completed event record. Never throws: an event that cannot be written is logged, and the action it records stands. */
/** Who acted, when not a Caller of a request (signing in, the command line). */
export type EventActor = {
  actor: string;
  clientIp: string | null;
  actorId?: string | null;
  actorName?: string | null;
  authMethod?: string | null;
};

export async function recordEvent(kind: EventKind, who: Caller | EventActor, details: EventDetails): Promise<void> {
  try {
    const store = await auditStore();
    const actor =
      "role" in who ? actorOf(who) : { actor: who.actor, actorId: who.actorId, actorName: who.actorName, authMethod: who.authMethod };
    const { serverId = "", ...rest } = details;
    const { id, startedAt } = await store.startInvocation({
      kind,
      ...actor,
      clientIp: who.clientIp,
      serverId,
      serverTarget: "",
      protocolVersion: null,
      toolName: "",
      arguments: rest,
    });
    await store.finishInvocation({ id, startedAt, outcome: "ok" });
  } catch (error) {
    console.error(`[toolscope] could not write the audit event ${kind}:`, error);
  }
}
