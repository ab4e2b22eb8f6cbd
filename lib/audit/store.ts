// The audit store: a record is written (pending) before a call is forwarded and
// completed afterwards, so a call that reached a server is never missing from the log.
// Completing a record appends it to the hash chain (see chain.ts) in one transaction.
import { createHash, randomBytes } from "node:crypto";
import { PostgresAdapter, sql, type Kysely, type Selectable, type Updateable } from "kysely";
import { isOpen, runTransaction, runWrite, type QuerySteps } from "../db/run-queries";
import type { AuditChainTable, AuditLogTable, Database, InvocationOutcome, OutputVerdict } from "../db/schema";
import { recordHash, type ChainReport } from "./chain";
import { isGone, processInstance, type AuditInstance } from "./instances";

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
  "actor",
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

const QUALIFIED_RECORD_COLUMNS = RECORD_COLUMNS.map((column) => `audit_log.${column}` as const);

/**
 * The equality filters in the order SQLite walks their indexes, most selective first as audit
 * logs go (a tool belongs to a server, a few outcomes cover every call). Migration 0006's
 * indexes carry the other filters' columns, so whichever is walked checks the rest on the
 * index entry; left to itself, SQLite (without statistics) may walk the outcome index instead.
 */
const WALK_ORDER = [
  ["toolName", "audit_log.tool_name"],
  ["serverId", "audit_log.server_id"],
  ["actor", "audit_log.actor"],
  ["outcome", "audit_log.outcome"],
] as const;

let lastTime = 0;
let sequence = 0;

/**
 * Time-ordered ids: sorting by id sorts by start time, which keyset pagination relies on.
 * A per-process sequence keeps ids made in the same millisecond in creation order.
 */
export function newAuditId(now = Date.now()): string {
  if (now > lastTime) {
    lastTime = now;
    sequence = 0;
  } else {
    sequence++;
  }
  return `${idTimePrefix(lastTime)}${sequence.toString(36).padStart(4, "0")}${randomBytes(4).toString("hex")}`;
}

/** The part of an id that encodes its start time: ids at or after `time` compare >= this. */
export function idTimePrefix(time: number): string {
  return time.toString(36).padStart(9, "0");
}

export type StartInvocation = {
  actor: string;
  clientIp?: string | null;
  serverId: string;
  serverTarget: string;
  protocolVersion: string | null;
  toolName: string;
  arguments: unknown;
  requestMeta?: unknown;
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

export type AuditFilters = {
  serverId?: string;
  toolName?: string;
  outcome?: InvocationOutcome;
  actor?: string;
  /** ISO times or epoch ms: started at or after `from`, before `to`. */
  from?: number;
  to?: number;
  /** Text to find in the arguments, the result or the error message (case-insensitive). */
  q?: string;
};

export type ListInvocations = AuditFilters & { limit?: number; before?: string };

export type AuditStoreOptions = {
  /** Results larger than this (UTF-8 JSON bytes) are not stored; their size and SHA-256 are. */
  maxResultBytes?: number;
  /** How many of the newest records a PostgreSQL text search walks before it asks the index. */
  searchRecentRows?: number;
  /** How long a completed record waits to be indexed for search, with those after it (SQLite). */
  searchIndexDelayMs?: number;
  /**
   * The process writing through this store (the default: this one); see instances.ts. null
   * writes records as Toolscope did before migration 0008, naming no process (upgrade tests).
   */
  instance?: AuditInstance | null;
  /** The clock that times how long other processes' heartbeats stand still (tests move it). */
  clock?: () => number;
};

export const DEFAULT_MAX_RESULT_BYTES = 256 * 1024;

const SEARCH_INDEX_BATCH_ROWS = 5_000;
const SEARCH_INDEX_RETRY_MS = 5_000;

/** Per database, the instances registered so far (a record is only written by a registered one). */
const registrations = new WeakMap<object, Map<string, Promise<void>>>();

/** Per database, each process's heartbeat as last read, and since when (this process's clock) it has read that value. */
const heartbeatsSeen = new WeakMap<object, Map<string, { heartbeat: string; since: number }>>();

/** One indexing timer per database, however many store objects use it (the app makes one per request). */
const indexingByDatabase = new WeakMap<object, { timer?: ReturnType<typeof setTimeout>; dueAt: number }>();

function likePattern(text: string, lowerCase = true): string {
  return `%${(lowerCase ? text.toLowerCase() : text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function createAuditStore(db: Kysely<Database>, options: AuditStoreOptions = {}) {
  const maxResultBytes = options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES;
  const searchRecentRows = options.searchRecentRows ?? 20_000;
  const searchIndexDelayMs = options.searchIndexDelayMs ?? 250;
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const instance = options.instance === undefined ? processInstance() : options.instance;
  /** Who judges whether other processes are gone. */
  const self = instance ?? processInstance();
  const clock = options.clock ?? Date.now;

  /** How long each instance's heartbeat has stood still, as this process has seen it. */
  function silence(rows: { id: string; heartbeat_at: string }[]): Map<string, number> {
    let seen = heartbeatsSeen.get(db);
    if (!seen) heartbeatsSeen.set(db, (seen = new Map()));
    const now = clock();
    const silent = new Map<string, number>();
    for (const row of rows) {
      let last = seen.get(row.id);
      if (!last || last.heartbeat !== row.heartbeat_at) seen.set(row.id, (last = { heartbeat: row.heartbeat_at, since: now }));
      silent.set(row.id, now - last.since);
    }
    for (const id of seen.keys()) if (!silent.has(id)) seen.delete(id);
    return silent;
  }

  /** Says this instance is alive: inserts its row the first time, moves its heartbeat after. */
  function heartbeat(): Promise<unknown> {
    if (!instance) return Promise.resolve();
    const now = new Date().toISOString();
    const upsert = db
      .insertInto("audit_instances")
      .values({ id: instance.id, host: instance.host, pid: instance.pid, started_at: now, heartbeat_at: now })
      .onConflict((conflict) => conflict.column("id").doUpdateSet({ heartbeat_at: now }))
      .compile();
    return runWrite(db, upsert);
  }

  /** Registers the instance before its first record, so that no other process takes that record for an orphan. */
  function registered(): Promise<void> {
    if (!instance) return Promise.resolve();
    let byInstance = registrations.get(db);
    if (!byInstance) registrations.set(db, (byInstance = new Map()));
    let registration = byInstance.get(instance.id);
    if (!registration) {
      registration = heartbeat().then(() => undefined);
      // A failed registration is tried again by the next call rather than failing every call after it.
      registration.catch(() => byInstance.delete(instance.id));
      byInstance.set(instance.id, registration);
    }
    return registration;
  }

  /**
   * Completes a record and appends it to the chain; the chain's head row serialises writers. On
   * PostgreSQL that row stays locked until the commit, so the record is read before the lock is
   * taken and both updates go in one statement: the lock is held for three round trips, not five.
   */
  function* complete(id: string, fields: Updateable<AuditLogTable>): QuerySteps<boolean> {
    const [current] = (yield db.selectFrom("audit_log").select(RECORD_COLUMNS).where("id", "=", id).compile()).rows as AuditRecord[];
    if (!current || current.chain_seq !== null) return false;
    let head = db.selectFrom("audit_chain").selectAll().where("id", "=", 1);
    if (isPostgres) head = head.forUpdate();
    const [chain] = (yield head.compile()).rows as Selectable<AuditChainTable>[];
    if (!chain) throw new Error("The audit chain's head row is missing.");
    const seq = Number(chain.head_seq) + 1;
    const next: AuditRecord = { ...current, ...(fields as Partial<AuditRecord>), chain_seq: seq, prev_hash: chain.head_hash };
    const hash = recordHash({ ...next, result_truncated: Number(next.result_truncated) });
    // Still pending: another process (a Toolscope starting up, marking records interrupted) may
    // have completed it since it was read; then neither row changes.
    const record = db
      .updateTable("audit_log")
      .set({ ...fields, chain_seq: seq, prev_hash: chain.head_hash, hash })
      .where("id", "=", id)
      .where("chain_seq", "is", null);
    const advance = { head_seq: seq, head_hash: hash };
    if (isPostgres) {
      const done = yield db
        .with("done", () => record.returning("id"))
        .updateTable("audit_chain")
        .set(advance)
        .where("id", "=", 1)
        .where((eb) => eb.exists(eb.selectFrom("done").select("id")))
        .compile();
      return Number(done.numAffectedRows ?? 0) === 1;
    }
    if (Number((yield record.compile()).numAffectedRows ?? 0) !== 1) return false;
    yield db.updateTable("audit_chain").set(advance).where("id", "=", 1).compile();
    return true;
  }

  /** The records that pass the structured filters (all but the text). */
  function structured(filters: AuditFilters, on: Kysely<Database> = db) {
    let q = on.selectFrom("audit_log").select(QUALIFIED_RECORD_COLUMNS);
    let walked = false;
    for (const [filter, column] of WALK_ORDER) {
      const value = filters[filter];
      if (!value) continue;
      // SQLite's unary + keeps a column's index out of the plan; the walked index still checks it.
      const steered = isPostgres || !walked ? sql.ref(column) : sql<string>`+${sql.ref(column)}`;
      q = q.where(steered, "=", value);
      walked = true;
    }
    if (filters.from !== undefined) q = q.where("audit_log.id", ">=", idTimePrefix(filters.from));
    if (filters.to !== undefined) q = q.where("audit_log.id", "<", idTimePrefix(filters.to));
    return q;
  }

  /** The check the walk makes of each of the newest records: a substring search of the stored lower-cased text. */
  function pgTextContains(text: string) {
    return sql<boolean>`strpos(recent.search_text, lower(${text})) > 0`;
  }

  /** The same test in the form the trigram index answers. */
  function pgTextLike(text: string) {
    return sql<boolean>`audit_log.search_text like lower(${likePattern(text, false)}) escape '\\'`;
  }

  /**
   * A text search on PostgreSQL. Neither plan alone keeps the work low: walking newest first
   * checks about 50/f records for a word in a fraction f of them (every record when it matches
   * nothing), while the trigram index yields every match plus look-alikes, all read again to
   * check them and sorted before the newest can be picked (at a million records, 1.5 s for a
   * word in a few records per thousand). So the newest records are walked first (about 1 µs a
   * record: strpos over the stored lower-cased text), which fills the page for any word that
   * is not rare; a word with less than a page among them is rare, and the index finds all of
   * its matches at once.
   */
  async function searchPostgres(query: ListInvocations & { q: string }, limit: number): Promise<AuditRecord[]> {
    const newest = scoped(query)
      .select(sql<string>`audit_log.search_text`.as("search_text"))
      .orderBy("audit_log.id", "desc")
      .limit(searchRecentRows);
    const recent = await db
      .selectFrom(newest.as("recent"))
      .select(RECORD_COLUMNS)
      .where(pgTextContains(query.q))
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    if (recent.length === limit) return recent;
    // Pinned to the index (for this transaction only): left alone, the planner may walk instead.
    return db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_indexscan = off`.execute(trx);
      return scoped(query, trx).where(pgTextLike(query.q)).orderBy("audit_log.id", "desc").limit(limit).execute();
    });
  }

  /** A text search that reads every candidate record (LIKE '%text%' over the three columns). */
  function scanningFor(text: string) {
    const pattern = likePattern(text);
    return sql<boolean>`(lower(audit_log.arguments) like ${pattern} escape '\\' or lower(coalesce(audit_log.result, '')) like ${pattern} escape '\\' or lower(coalesce(audit_log.error_message, '')) like ${pattern} escape '\\')`;
  }

  /** The filters' records, newest first: through the indexes for everything but the text. */
  function scoped(query: ListInvocations, on: Kysely<Database> = db) {
    return query.before ? structured(query, on).where("audit_log.id", "<", query.before) : structured(query, on);
  }

  /**
   * A text search on SQLite. The trigram index holds the completed records up to
   * `indexed_through`, read newest first (its rowids are the records', which grow with their
   * ids), so a common word stops after a page; the records after that point (the last fraction
   * of a second's calls) and the pending ones are scanned. Pending records are read before the
   * index: one that completes in between is indexed by then, in the transaction that
   * completed it, so it cannot be missed; one found twice is kept once.
   */
  async function searchSqlite(query: ListInvocations & { q: string }, limit: number): Promise<AuditRecord[]> {
    const { indexed_through: through } = await db
      .selectFrom("audit_search_state")
      .select("indexed_through")
      .where("id", "=", 1)
      .executeTakeFirstOrThrow();
    const newestFirst = <Q extends ReturnType<typeof scoped>>(q: Q) => q.orderBy("audit_log.id", "desc").limit(limit).execute();
    const pending = await newestFirst(scoped(query).where("audit_log.outcome", "=", "pending").where(scanningFor(query.q)));
    const unindexed = await newestFirst(scoped(query).where("audit_log.id", ">", through).where(scanningFor(query.q)));
    const indexed = await scoped(query)
      .innerJoin(sql<Record<string, never>>`audit_search`.as("audit_search"), (join) =>
        join.on(sql<boolean>`audit_search.rowid = audit_log.rowid`),
      )
      .where(sql<boolean>`audit_search match ${`"${query.q.replace(/"/g, '""')}"`}`)
      .orderBy(sql`audit_search.rowid`, "desc")
      .limit(limit)
      .execute();
    const byId = new Map<string, AuditRecord>();
    for (const record of [...pending, ...unindexed, ...indexed]) byId.set(record.id, record);
    return [...byId.values()].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).slice(0, limit);
  }

  /** Indexes, in one transaction, up to `rows` of the records after `indexed_through`. */
  function* indexSearchBatch(rows: number): QuerySteps<number> {
    const [state] = (yield db.selectFrom("audit_search_state").select("indexed_through").where("id", "=", 1).compile()).rows as {
      indexed_through: string;
    }[];
    const through = state!.indexed_through;
    const [batch] = (yield db
      .selectFrom(db.selectFrom("audit_log").select("id").where("id", ">", through).orderBy("id").limit(rows).as("batch"))
      .select((eb) => [eb.fn.max("id").as("last"), eb.fn.countAll<number>().as("count")])
      .compile()).rows as { last: string | null; count: number }[];
    if (!batch?.last) return 0;
    // Records still pending are left out: the trigger indexes them when they complete.
    yield sql`insert into audit_search (rowid, arguments, result, error_message)
      select rowid, arguments, result, error_message from audit_log
      where id > ${through} and id <= ${batch.last} and chain_seq is not null`.compile(db);
    yield db.updateTable("audit_search_state").set({ indexed_through: batch.last }).where("id", "=", 1).compile();
    return Number(batch.count);
  }

  /** Indexes the new records within `delayMs`, in one batch with those that follow them. */
  function scheduleSearchIndexing(delayMs = searchIndexDelayMs): void {
    if (isPostgres) return;
    let state = indexingByDatabase.get(db);
    if (!state) indexingByDatabase.set(db, (state = { dueAt: Infinity }));
    const dueAt = Date.now() + delayMs;
    if (state.timer && state.dueAt <= dueAt) return;
    clearTimeout(state.timer);
    state.dueAt = dueAt;
    state.timer = setTimeout(() => {
      state.timer = undefined;
      state.dueAt = Infinity;
      runTransaction(db, () => indexSearchBatch(SEARCH_INDEX_BATCH_ROWS)).then(
        (count) => {
          if (count === SEARCH_INDEX_BATCH_ROWS) scheduleSearchIndexing(0);
        },
        (error: unknown) => {
          // A closed database (the process is stopping, a test is over) has nothing left to index.
          if (!isOpen(db)) return;
          console.error("[toolscope] indexing the audit log for search failed:", error instanceof Error ? error.message : error);
          scheduleSearchIndexing(SEARCH_INDEX_RETRY_MS);
        },
      );
    }, delayMs);
    state.timer.unref();
  }
  // The first store over a database catches up with what an earlier process left unindexed.
  if (!isPostgres && !indexingByDatabase.has(db)) scheduleSearchIndexing();

  return {
    async startInvocation(input: StartInvocation): Promise<{ id: string; startedAt: number }> {
      await registered();
      const startedAt = Date.now();
      const id = newAuditId(startedAt);
      const insert = db
        .insertInto("audit_log")
        .values({
          id,
          started_at: new Date(startedAt).toISOString(),
          ended_at: null,
          duration_ms: null,
          actor: input.actor,
          client_ip: input.clientIp ?? null,
          server_id: input.serverId,
          server_target: input.serverTarget,
          protocol_version: input.protocolVersion,
          tool_name: input.toolName,
          arguments: JSON.stringify(input.arguments ?? {}),
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
        })
        .compile();
      await runWrite(db, insert);
      return { id, startedAt };
    },

    async finishInvocation(input: FinishInvocation): Promise<void> {
      const endedAt = Date.now();
      const json = input.result === undefined ? null : JSON.stringify(input.result);
      const size = json === null ? null : Buffer.byteLength(json, "utf8");
      const tooLarge = size !== null && size > maxResultBytes;
      await runTransaction(db, () =>
        complete(input.id, {
          ended_at: new Date(endedAt).toISOString(),
          duration_ms: endedAt - input.startedAt,
          outcome: input.outcome,
          error_code: input.errorCode ?? null,
          error_message: input.errorMessage ?? null,
          result: tooLarge ? null : json,
          result_size: size,
          result_sha256: tooLarge ? createHash("sha256").update(json!).digest("hex") : null,
          result_truncated: tooLarge ? 1 : 0,
          output_verdict: input.outputVerdict ?? null,
        }),
      );
      scheduleSearchIndexing();
    },

    /** Brings SQLite's search index up to date now rather than in its next batch (imports, benchmarks). */
    async catchUpSearchIndex(): Promise<void> {
      if (isPostgres) return;
      while ((await runTransaction(db, () => indexSearchBatch(SEARCH_INDEX_BATCH_ROWS))) === SEARCH_INDEX_BATCH_ROWS);
    },

    /** Keeps this instance's row alive (a running Toolscope calls it every HEARTBEAT_MS). */
    async heartbeat(): Promise<void> {
      await heartbeat();
    },

    /**
     * Records left pending by a Toolscope process that is gone (a crash, a SIGKILL, a replica
     * that died) become "interrupted"; those of processes still running are theirs to complete.
     * `includeUnowned` also takes the records written before migration 0008, which name no
     * process: at start-up, as every pending record used to be. Rows of gone processes go too.
     */
    async markInterrupted({ includeUnowned = false }: { includeUnowned?: boolean } = {}): Promise<number> {
      const pending = await db
        .selectFrom("audit_log")
        .select(["id", "instance_id"])
        .where("outcome", "=", "pending")
        .orderBy("id")
        .execute();
      const instances = await db.selectFrom("audit_instances").selectAll().execute();
      // A process registers before writing, so an owner without a row was pruned as gone, or
      // was taken for gone while alive and its next heartbeat puts the row back: it counts as
      // gone once it has been missing for the lease.
      const known = new Set(instances.map((row) => row.id));
      const missing = [...new Set(pending.map((record) => record.instance_id))]
        .filter((owner): owner is string => owner !== null && !known.has(owner))
        .map((id) => ({ id, host: "", pid: 0, heartbeat_at: "(missing)" }));
      const judged = [...instances, ...missing];
      const silent = silence(judged);
      const gone = new Set(judged.filter((row) => isGone(row, self, silent.get(row.id)!)).map((row) => row.id));
      const orphaned = pending.filter(({ instance_id: owner }) => (owner === null ? includeUnowned : gone.has(owner)));
      let marked = 0;
      for (const { id } of orphaned) {
        const completed = await runTransaction(db, () =>
          complete(id, {
            outcome: "interrupted",
            error_message: "Toolscope stopped before the call completed; the server may or may not have run it.",
          }),
        );
        if (completed) marked++;
      }
      // A row goes only as it was judged: a heartbeat written since says its process is alive.
      for (const row of instances.filter((r) => gone.has(r.id)))
        await db.deleteFrom("audit_instances").where("id", "=", row.id).where("heartbeat_at", "=", row.heartbeat_at).execute();
      return marked;
    },

    async listInvocations(query: ListInvocations = {}): Promise<AuditRecord[]> {
      const limit = Math.min(Math.max(query.limit ?? 50, 1), 1_000);
      if (isPostgres && query.q) return searchPostgres({ ...query, q: query.q }, limit);
      const text = query.q;
      const page = scoped(query).orderBy("audit_log.id", "desc").limit(limit);
      if (!text) return page.execute();
      // The trigram index finds substrings of three characters or more.
      if ([...text].length < 3) return page.where(scanningFor(text)).execute();
      return searchSqlite({ ...query, q: text }, limit);
    },

    async getInvocation(id: string): Promise<AuditRecord | undefined> {
      return db.selectFrom("audit_log").select(RECORD_COLUMNS).where("id", "=", id).executeTakeFirst();
    },

    /** Walks the chain from where retention left it to its head, recomputing every hash. */
    async verifyChain(): Promise<ChainReport> {
      const chain = await db.selectFrom("audit_chain").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
      let expectedSeq = Number(chain.purged_seq) + 1;
      let prevHash = chain.purged_hash;
      let checked = 0;
      const headSeq = Number(chain.head_seq);
      const broken = (seq: number, id: string | null, reason: string): ChainReport => ({
        ok: false,
        checked,
        firstBroken: { seq, id, reason },
      });
      while (expectedSeq <= headSeq) {
        const batch = await db
          .selectFrom("audit_log")
          .select(RECORD_COLUMNS)
          .where("chain_seq", ">=", expectedSeq)
          .orderBy("chain_seq")
          .limit(1_000)
          .execute();
        if (batch.length === 0) return broken(expectedSeq, null, `records ${expectedSeq}–${headSeq} are missing`);
        for (const record of batch) {
          const seq = Number(record.chain_seq);
          if (seq !== expectedSeq) return broken(expectedSeq, null, `record ${expectedSeq} is missing`);
          if (record.prev_hash !== prevHash) return broken(seq, record.id, "it does not follow the record before it");
          if (recordHash({ ...record, result_truncated: Number(record.result_truncated) }) !== record.hash)
            return broken(seq, record.id, "its contents changed after it was written");
          prevHash = record.hash!;
          expectedSeq++;
          checked++;
          if (seq === headSeq) break;
        }
      }
      if (prevHash !== chain.head_hash) return broken(headSeq, null, "the chain's head does not match its last record");
      return { ok: true, checked, firstBroken: null };
    },

    /**
     * Deletes completed records that started before `before`, oldest first, keeping the chain
     * verifiable: only a prefix of the chain goes, and its last hash is kept as the new start.
     * A record still pending, or completed after a newer one, stops the cut there.
     */
    async purgeBefore(before: number): Promise<number> {
      return runTransaction(db, function* (): QuerySteps<number> {
        let head = db.selectFrom("audit_chain").selectAll().where("id", "=", 1);
        if (isPostgres) head = head.forUpdate();
        const [chain] = (yield head.compile()).rows as Selectable<AuditChainTable>[];
        if (!chain) throw new Error("The audit chain's head row is missing.");
        const cutoff = idTimePrefix(before);
        const [keep] = (yield db
          .selectFrom("audit_log")
          .select((eb) => eb.fn.min("chain_seq").as("seq"))
          .where("id", ">=", cutoff)
          .compile()).rows as { seq: number | string | null }[];
        const firstKept = keep?.seq === null || keep?.seq === undefined ? Number(chain.head_seq) + 1 : Number(keep.seq);
        const lastPurged = firstKept - 1;
        if (lastPurged <= Number(chain.purged_seq)) return 0;
        const [last] = (yield db.selectFrom("audit_log").select("hash").where("chain_seq", "=", lastPurged).compile()).rows as {
          hash: string | null;
        }[];
        if (!last?.hash) return 0;
        const deleted = yield db.deleteFrom("audit_log").where("chain_seq", "<=", lastPurged).compile();
        yield db.updateTable("audit_chain").set({ purged_seq: lastPurged, purged_hash: last.hash }).where("id", "=", 1).compile();
        return Number(deleted.numAffectedRows ?? 0);
      });
    },
  };
}

export type AuditStore = ReturnType<typeof createAuditStore>;
