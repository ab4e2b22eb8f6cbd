// Audit records: what one is (its columns), its id, and how one is written and read. A record
// is written pending before a call is forwarded and completed afterwards (see chain-store.ts),
// so a call that reached a server is never missing from the log.
import { createHash, randomBytes } from "node:crypto";
import type { Insertable, Kysely, Selectable } from "kysely";
import { QueryTemplates } from "../db/query-template";
import { runWrite } from "../db/run-queries";
import type { AuditLogTable, Database, InvocationOutcome, OutputVerdict } from "../db/schema";
import type { AuditInstance } from "../cluster/instances";
import { processWide } from "../process-wide";
import { jsonText } from "../http/json-text";

/** This process's row among the audit log's writers (liveness.ts), which a record waits for. */
type ProcessRegistration = { registered(): Promise<void>; readonly instance: AuditInstance | null };

/** A record as the API, exports and the hash chain see it: the columns below. */
export type AuditRecord = Pick<Selectable<AuditLogTable>, (typeof RECORD_COLUMNS)[number]>;

/**
 * A record's columns, read by name (on PostgreSQL audit_log also has search_text, migration
 * 0007's lower-cased copy of the searched text, which is no part of a record), in the order an
 * export's CSV has them.
 */
export const RECORD_COLUMNS = [
  "id",
  "started_at",
  "ended_at",
  "duration_ms",
  "kind",
  "actor",
  "actor_id",
  "actor_name",
  "auth_method",
  "token_name",
  "reason",
  "via",
  "client_ip",
  "server_id",
  "server_target",
  "protocol_version",
  "tool_name",
  "outcome",
  "error_code",
  "error_message",
  "output_verdict",
  "arguments",
  "request_meta",
  "result",
  "result_size",
  "result_sha256",
  "result_truncated",
  "chain_seq",
  "prev_hash",
  "hash",
] as const satisfies readonly (keyof AuditLogTable)[];

export type RecordColumn = (typeof RECORD_COLUMNS)[number];

/** Who acted and the kind of record: the columns migration 0009 added. */
export const PEOPLE_COLUMNS = ["kind", "actor_id", "actor_name", "auth_method", "token_name"] as const;

/**
 * The columns a store reads and writes: all of them, or those a Toolscope from before migration
 * 0009 had (upgrade tests write as it did). A record read without them is a call by `actor`.
 */
export function recordColumns(people: boolean): readonly RecordColumn[] {
  const later: readonly string[] = [...PEOPLE_COLUMNS, "reason", "via"];
  return people ? RECORD_COLUMNS : RECORD_COLUMNS.filter((c) => !later.includes(c));
}

export function qualified(columns: readonly RecordColumn[]): `audit_log.${RecordColumn}`[] {
  return columns.map((column) => `audit_log.${column}` as const);
}

/** What completing a record sets, besides its place in the chain. */
export type Completion = Partial<Omit<AuditRecord, "id" | "chain_seq" | "prev_hash" | "hash">>;

/** How much of a result the log keeps by default (TOOLSCOPE_AUDIT_MAX_RESULT_BYTES). */
export { DEFAULT_MAX_RESULT_BYTES } from "../config/env";

/** The key of the object stored instead of arguments too large to keep (lib/audit/omitted.ts reads it). */
export const OMITTED_ARGUMENTS = "$toolscope:omitted";

/** One per process, whichever copy of lib/ makes the id (the front door's or a Next bundle's). */
const idClock = processWide("audit-id-clock", () => ({ lastTime: 0, sequence: 0 }));

/**
 * Time-ordered ids: sorting by id sorts by start time, which keyset pagination relies on.
 * A per-process sequence keeps ids made in the same millisecond in creation order.
 */
export function newAuditId(now = Date.now()): string {
  if (now > idClock.lastTime) {
    idClock.lastTime = now;
    idClock.sequence = 0;
  } else {
    idClock.sequence++;
  }
  return `${idTimePrefix(idClock.lastTime)}${idClock.sequence.toString(36).padStart(4, "0")}${randomSuffix()}`;
}

/** Random bytes drawn a page at a time: one system call per 1,024 ids instead of one per id. */
const randomPool = processWide("audit-id-random-pool", () => ({ bytes: Buffer.alloc(0), used: 0 }));

function randomSuffix(): string {
  if (randomPool.used + 4 > randomPool.bytes.length) {
    randomPool.bytes = randomBytes(4_096);
    randomPool.used = 0;
  }
  randomPool.used += 4;
  return randomPool.bytes.toString("hex", randomPool.used - 4, randomPool.used);
}

/** The part of an id that encodes its start time: ids at or after `time` compare >= this. */
export function idTimePrefix(time: number): string {
  return time.toString(36).padStart(9, "0");
}

/** Who acted: the audit log's record of a Caller (lib/domain/roles.ts). */
export type Actor = {
  actor: string;
  actorId?: string | null;
  actorName?: string | null;
  authMethod?: string | null;
  tokenName?: string | null;
};

export type StartInvocation = Actor & {
  /** "call" unless given: an account or administration event (lib/audit/events.ts). */
  kind?: string;
  clientIp?: string | null;
  serverId: string;
  serverTarget: string;
  protocolVersion: string | null;
  toolName: string;
  arguments: unknown;
  requestMeta?: unknown;
  /** Why the caller made the call, when the server's policy asks for a reason. */
  reason?: string | null;
  /** Where the call was made from (lib/domain/audit-via.ts's column), when not the form or the API. */
  via?: string | null;
};

export type FinishInvocation = {
  id: string;
  startedAt: number;
  outcome: Exclude<InvocationOutcome, "pending">;
  errorCode?: number | null;
  errorMessage?: string | null;
  result?: unknown;
  outputVerdict?: OutputVerdict | null;
};

/** Writes pending records and reads records back, for one database and one writing process. */
export class AuditRecords {
  private readonly templates = new QueryTemplates();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly liveness: ProcessRegistration,
    /** Results larger than this (UTF-8 JSON bytes) are not stored; their size and SHA-256 are. */
    private readonly maxResultBytes: number,
    /** Writes and reads who acted (migration 0009); false: as Toolscope did before it. */
    private readonly people = true,
  ) {}

  /** Writes a call's record, pending, once its process is registered. */
  async start(input: StartInvocation): Promise<{ id: string; startedAt: number }> {
    await this.liveness.registered();
    const instance = this.liveness.instance;
    const startedAt = Date.now();
    const id = newAuditId(startedAt);
    const row: Insertable<AuditLogTable> = {
      id,
      started_at: new Date(startedAt).toISOString(),
      ended_at: null,
      duration_ms: null,
      actor: input.actor,
      ...(this.people
        ? {
            kind: input.kind ?? "call",
            actor_id: input.actorId ?? null,
            actor_name: input.actorName ?? null,
            auth_method: input.authMethod ?? null,
            token_name: input.tokenName ?? null,
            reason: input.reason ?? null,
            via: input.via ?? null,
          }
        : {}),
      client_ip: input.clientIp ?? null,
      server_id: input.serverId,
      server_target: input.serverTarget,
      protocol_version: input.protocolVersion,
      tool_name: input.toolName,
      arguments: this.storedArguments(input.arguments),
      request_meta: input.requestMeta === undefined ? null : JSON.stringify(input.requestMeta),
      outcome: "pending",
      error_code: null,
      error_message: null,
      result: null,
      result_size: null,
      result_sha256: null,
      output_verdict: null,
      chain_seq: null,
      prev_hash: null,
      hash: null,
      ...(instance ? { instance_id: instance.id } : {}),
    };
    const insert = this.templates.compile("insert audit_log", row, (values) =>
      this.db
        .insertInto("audit_log")
        .values(values as Insertable<AuditLogTable>)
        .compile(),
    );
    await runWrite(this.db, insert);
    return { id, startedAt };
  }

  /**
   * The arguments as stored: past the size limit for results, only their size and SHA-256, so a
   * 50 MB argument does not make a 50 MB row (the call itself still gets the arguments).
   */
  private storedArguments(args: unknown): string {
    const json = JSON.stringify(args ?? {});
    const size = Buffer.byteLength(json);
    if (size <= this.maxResultBytes) return json;
    return JSON.stringify({ [OMITTED_ARGUMENTS]: { size, sha256: sha256(json) } });
  }

  /** What completing a call's record sets: its end, outcome and result (or, if too large, the result's size and hash). */
  completion(input: FinishInvocation): Completion {
    const endedAt = Date.now();
    // The result's JSON is made once: the caller's answer splices in the same text (lib/http/json-text.ts).
    const text = input.result === undefined ? null : jsonText(input.result);
    const size = text === null ? null : Buffer.byteLength(text);
    const tooLarge = size !== null && size > this.maxResultBytes;
    const json = tooLarge ? null : text;
    return {
      ended_at: new Date(endedAt).toISOString(),
      duration_ms: endedAt - input.startedAt,
      outcome: input.outcome,
      error_code: input.errorCode ?? null,
      error_message: input.errorMessage ?? null,
      result: json,
      result_size: size,
      result_sha256: tooLarge ? sha256(text!) : null,
      result_truncated: tooLarge ? 1 : 0,
      output_verdict: input.outputVerdict ?? null,
    };
  }

  get(id: string): Promise<AuditRecord | undefined> {
    return this.db.selectFrom("audit_log").select(recordColumns(this.people)).where("id", "=", id).executeTakeFirst() as Promise<
      AuditRecord | undefined
    >;
  }
}

function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}
