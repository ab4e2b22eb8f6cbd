// The audit log's hash chain. Each completed record carries its place in the chain, the
// previous record's hash and its own: a SHA-256 over every stored field and that previous
// hash. Changing, deleting or inserting a record breaks the chain at that point, which
// verification reports. (A pending record joins the chain when it completes.)
import { createHash } from "node:crypto";
import type { AuditLogTable } from "../db/schema";

export const GENESIS_HASH = "0".repeat(64);

/** Which process opened a record (instance_id) is bookkeeping, not part of what is chained. */
/** Records read without the columns of migration 0009 (a Toolscope before it) lack who acted. */
type PeopleColumns = "kind" | "actor_id" | "actor_name" | "auth_method" | "token_name" | "reason" | "via";
type Hashed = Omit<AuditLogTable, "hash" | "result_truncated" | "instance_id" | PeopleColumns> &
  Partial<Pick<AuditLogTable, Exclude<PeopleColumns, "kind">>> & { result_truncated: number; kind?: string };
// (reason, from migration 0010, follows who acted, and likewise only when a record has one;
// via, from migration 0015, comes last, after both, only when a record has one.)

/**
 * The fields in a fixed order; numbers normalised, since drivers may return them as strings.
 * Who acted and the kind of record (migration 0009) follow the original fields, and only when a
 * record has them: records written before keep the hashes they were written with, and removing
 * them from a record that has them changes its hash.
 */
function canonical(record: Hashed): string {
  const n = (value: number | string | null): number | null => (value === null ? null : Number(value));
  const identity = [
    record.kind ?? "call",
    record.actor_id ?? null,
    record.actor_name ?? null,
    record.auth_method ?? null,
    record.token_name ?? null,
  ];
  const hasIdentity = identity[0] !== "call" || identity.slice(1).some((value) => value !== null);
  return JSON.stringify([
    record.id,
    record.started_at,
    record.ended_at,
    n(record.duration_ms),
    record.actor,
    record.client_ip,
    record.server_id,
    record.server_target,
    record.protocol_version,
    record.tool_name,
    record.arguments,
    record.request_meta,
    record.outcome,
    n(record.error_code),
    record.error_message,
    record.result,
    n(record.result_size),
    record.result_sha256,
    n(record.result_truncated),
    record.output_verdict,
    n(record.chain_seq),
    record.prev_hash,
    // A record with a via always has who acted and a reason slot, so no two tails read alike:
    // one field cannot be passed off as another.
    ...(record.via != null
      ? [...identity, record.reason ?? null, record.via]
      : [...(hasIdentity || record.reason ? identity : []), ...(record.reason ? [record.reason] : [])]),
  ]);
}

export function recordHash(record: Hashed): string {
  return createHash("sha256").update(canonical(record)).digest("hex");
}

export type ChainBreak = { seq: number; id: string | null; reason: string };
export type ChainReport = { ok: boolean; checked: number; firstBroken: ChainBreak | null };
