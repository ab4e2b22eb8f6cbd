// The audit log's hash chain in the database (chain.ts computes the hashes): completing a
// record appends it to the chain in one transaction; verification walks the chain from where
// retention left it; retention cuts only a prefix of the chain, so what is left still verifies.
import type { Kysely } from "kysely";
import { QueryTemplates } from "../db/query-template";
import { affectedRows, rowsOf, runTransaction, type QuerySteps } from "../db/run-queries";
import type { Database } from "../db/schema";
import { recordHash, type ChainReport } from "./chain";
import { RECORD_COLUMNS, idTimePrefix, type AuditRecord, type Completion, type RecordColumn } from "./records";

export class AuditChain {
  /** The completing writes, compiled once (lib/db/query-template.ts). */
  private readonly templates = new QueryTemplates();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly isPostgres: boolean,
    private readonly columns: readonly RecordColumn[] = RECORD_COLUMNS,
  ) {}

  /** The chain's head row; on PostgreSQL locked until the transaction ends, which serialises writers. */
  private head() {
    return this.templates.compile("chain head", {}, () => {
      const query = this.db.selectFrom("audit_chain").selectAll().where("id", "=", 1);
      return (this.isPostgres ? query.forUpdate() : query).compile();
    });
  }

  /** Completes a record and appends it to the chain, in one transaction; false if it was already completed. */
  complete(id: string, fields: Completion): Promise<boolean> {
    return runTransaction(this.db, () => this.completing(id, fields));
  }

  /**
   * Completes a record and appends it to the chain; the chain's head row serialises writers. On
   * PostgreSQL that row stays locked until the commit, so the record is read before the lock is
   * taken and both updates go in one statement: the lock is held for three round trips, not five.
   */
  private *completing(id: string, fields: Completion): QuerySteps<boolean> {
    const { db, isPostgres, templates } = this;
    const read = templates.compile("read record", { id }, (slots) =>
      db
        .selectFrom("audit_log")
        .select(this.columns)
        .where("id", "=", slots.id as string)
        .compile(),
    );
    const [current] = (yield* rowsOf(read)) as AuditRecord[];
    if (!current || current.chain_seq !== null) return false;
    const [chain] = yield* rowsOf(this.head());
    if (!chain) throw new Error("The audit chain's head row is missing.");
    const seq = Number(chain.head_seq) + 1;
    const next: AuditRecord = { ...current, ...fields, chain_seq: seq, prev_hash: chain.head_hash };
    const hash = recordHash({ ...next, result_truncated: Number(next.result_truncated) });
    // Still pending: another process (a Toolscope starting up, marking records interrupted) may
    // have completed it since it was read; then neither row changes.
    const changes = { ...fields, chain_seq: seq, prev_hash: chain.head_hash, hash };
    const record = (set: typeof changes, recordId: string) =>
      db.updateTable("audit_log").set(set).where("id", "=", recordId).where("chain_seq", "is", null);
    const advance = { head_seq: seq, head_hash: hash };
    if (isPostgres) {
      const done = yield* affectedRows(
        db
          .with("done", () => record(changes, id).returning("id"))
          .updateTable("audit_chain")
          .set(advance)
          .where("id", "=", 1)
          .where((eb) => eb.exists(eb.selectFrom("done").select("id")))
          .compile(),
      );
      return done === 1;
    }
    // "\u0000id": a slot's name that no column has.
    const complete = templates.compile("complete record", { ...changes, "\u0000id": id }, ({ "\u0000id": recordId, ...set }) =>
      record(set as typeof changes, recordId as string).compile(),
    );
    if ((yield* affectedRows(complete)) !== 1) return false;
    yield templates.compile("advance chain", advance, (slots) =>
      db
        .updateTable("audit_chain")
        .set(slots as typeof advance)
        .where("id", "=", 1)
        .compile(),
    );
    return true;
  }

  /** Walks the chain from where retention left it to its head, recomputing every hash. */
  async verify(): Promise<ChainReport> {
    const db = this.db;
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
        .select(this.columns)
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
  }

  /**
   * Deletes completed records that started before `before`, oldest first, keeping the chain
   * verifiable: only a prefix of the chain goes, and its last hash is kept as the new start.
   * A record still pending, or completed after a newer one, stops the cut there.
   */
  async purgeBefore(before: number): Promise<number> {
    return runTransaction(this.db, () => this.purging(before));
  }

  private *purging(before: number): QuerySteps<number> {
    const { db } = this;
    const [chain] = yield* rowsOf(this.head());
    if (!chain) throw new Error("The audit chain's head row is missing.");
    const cutoff = idTimePrefix(before);
    const [keep] = yield* rowsOf(
      db
        .selectFrom("audit_log")
        .select((eb) => eb.fn.min<number | string | null>("chain_seq").as("seq"))
        .where("id", ">=", cutoff)
        .compile(),
    );
    const firstKept = keep?.seq === null || keep?.seq === undefined ? Number(chain.head_seq) + 1 : Number(keep.seq);
    const lastPurged = firstKept - 1;
    if (lastPurged <= Number(chain.purged_seq)) return 0;
    const [last] = yield* rowsOf(db.selectFrom("audit_log").select("hash").where("chain_seq", "=", lastPurged).compile());
    if (!last?.hash) return 0;
    const deleted = yield* affectedRows(db.deleteFrom("audit_log").where("chain_seq", "<=", lastPurged).compile());
    yield db.updateTable("audit_chain").set({ purged_seq: lastPurged, purged_hash: last.hash }).where("id", "=", 1).compile();
    return deleted;
  }
}
