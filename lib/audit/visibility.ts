// What of the audit log a reader sees. Everyone who may read the log sees every record's
// metadata (who, when, which tool, the outcome); a call's payload only its caller, auditors and
// admins. Payload is everything the caller sent and everything the target server answered:
// arguments, request _meta, the result and its digest (and the chain hashes that cover them), and the error text (a tool's error or a
// JSON-RPC error message can quote a secret as easily as a result can). Text search looks inside payloads, so for other
// readers it covers only their own calls: it must not become a way to probe others' payloads.
import { can, type Caller } from "@/lib/domain/roles";
import { isInvocationKind } from "@/lib/domain/invocation-kinds";
import type { AuditFilters } from "./filters";
import { toEntry, type AuditEntry } from "./entry";
import type { AuditRecord } from "./records";

export type AuditReader = {
  /** Reads every payload (auditors and admins). */
  payloads: boolean;
  userId: string | null;
  /** Servers the reader may not use (lib/mcp/server-access.ts): their records are not shown. */
  hiddenServers?: ReadonlySet<string>;
};

export function readerOf(caller: Caller, hiddenServers?: ReadonlySet<string>): AuditReader {
  return { payloads: can(caller, "audit:payloads"), userId: caller.userId, hiddenServers };
}

export function mayReadPayload(record: Pick<AuditRecord, "kind" | "actor_id">, reader: AuditReader): boolean {
  return reader.payloads || !isInvocationKind(record.kind) || (reader.userId !== null && record.actor_id === reader.userId);
}

export function mayReadServer(record: Pick<AuditRecord, "server_id">, reader: AuditReader): boolean {
  return !reader.hiddenServers?.has(record.server_id);
}

/** A text search reaches only payloads the reader may read. */
export function readableFilters<F extends AuditFilters>(filters: F, reader: AuditReader): F {
  const hidden = reader.hiddenServers?.size ? { excludeServerIds: [...reader.hiddenServers] } : {};
  if (!filters.q || reader.payloads) return { ...filters, ...hidden };
  return { ...filters, ...hidden, actorId: reader.userId ?? "\u0000nobody" };
}

export function entryFor(record: AuditRecord, reader: AuditReader): AuditEntry {
  const entry = toEntry(record);
  if (mayReadPayload(record, reader)) return entry;
  // The chain's hashes cover the payload too: with them a reader could test guesses of it offline.
  return {
    ...entry,
    arguments: null,
    result: null,
    request_meta: null,
    error_message: null,
    result_sha256: null,
    hash: null,
    prev_hash: null,
    payload_hidden: true,
  };
}
