// Which Toolscope processes writing to an audit log are alive (see instances.ts): this
// process's heartbeat, its registration before its first record, and the marking of records
// left pending by processes that are gone. One per store: the heartbeats a process has seen,
// and whether it has registered, are that process's own view.
import type { Kysely } from "kysely";
import { runWrite } from "../db/run-queries";
import type { Database } from "../db/schema";
import type { AuditChain } from "./chain-store";
import { isGone, processInstance, type AuditInstance } from "../cluster/instances";

export class Liveness {
  /** Who judges whether other processes are gone. */
  private readonly self: AuditInstance;
  /** Each process's heartbeat as last read, and since when (this store's clock) it has read that value. */
  private readonly heartbeatsSeen = new Map<string, { heartbeat: string; since: number }>();
  /** The instance's registration, once asked for (a record is only written by a registered instance). */
  private registration: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly chain: AuditChain,
    /** The process writing through this store; null writes records naming no process (before migration 0008). */
    readonly instance: AuditInstance | null,
    /** The clock that times how long other processes' heartbeats stand still (tests move it). */
    private readonly clock: () => number,
  ) {
    this.self = instance ?? processInstance();
  }

  /**
   * The process that opened this record, while that process still has its row (it runs), and
   * with `pending` only while the record is pending: who runs the call, or follows its task.
   */
  async openerOf(auditId: string, pending: boolean): Promise<string | undefined> {
    let query = this.db
      .selectFrom("audit_log")
      .innerJoin("audit_instances", "audit_instances.id", "audit_log.instance_id")
      .select("audit_log.instance_id")
      .where("audit_log.id", "=", auditId);
    if (pending) query = query.where("audit_log.outcome", "=", "pending");
    return (await query.executeTakeFirst())?.instance_id ?? undefined;
  }

  /** Says this instance is alive: inserts its row the first time, moves its heartbeat after. */
  heartbeat(): Promise<unknown> {
    const instance = this.instance;
    if (!instance) return Promise.resolve();
    const now = new Date().toISOString();
    const upsert = this.db
      .insertInto("audit_instances")
      .values({ id: instance.id, host: instance.host, pid: instance.pid, started_at: now, heartbeat_at: now })
      .onConflict((conflict) => conflict.column("id").doUpdateSet({ heartbeat_at: now }))
      .compile();
    return runWrite(this.db, upsert);
  }

  /** Registers the instance before its first record, so that no other process takes that record for an orphan. */
  registered(): Promise<void> {
    if (!this.instance) return Promise.resolve();
    let registration = this.registration;
    if (!registration) {
      registration = this.heartbeat().then(() => undefined);
      // A failed registration is tried again by the next call rather than failing every call after it.
      registration.catch(() => (this.registration = undefined));
      this.registration = registration;
    }
    return registration;
  }

  /**
   * Records left pending by a Toolscope process that is gone (a crash, a SIGKILL, a replica
   * that died) become "interrupted"; those of processes still running are theirs to complete.
   * `includeUnowned` also takes the records written before migration 0008, which name no
   * process: at start-up, as every pending record used to be. Rows of gone processes go too.
   */
  async markInterrupted({ includeUnowned = false }: { includeUnowned?: boolean } = {}): Promise<number> {
    const db = this.db;
    const pending = await db.selectFrom("audit_log").select(["id", "instance_id"]).where("outcome", "=", "pending").orderBy("id").execute();
    const instances = await db.selectFrom("audit_instances").selectAll().execute();
    // A process registers before writing, so an owner without a row was pruned as gone, or
    // was taken for gone while alive and its next heartbeat puts the row back: it counts as
    // gone once it has been missing for the lease.
    const known = new Set(instances.map((row) => row.id));
    const missing = [...new Set(pending.map((record) => record.instance_id))]
      .filter((owner): owner is string => owner !== null && !known.has(owner))
      .map((id) => ({ id, host: "", pid: 0, heartbeat_at: "(missing)" }));
    const judged = [...instances, ...missing];
    const silent = this.silence(judged);
    const gone = new Set(judged.filter((row) => isGone(row, this.self, silent.get(row.id)!)).map((row) => row.id));
    const orphaned = pending.filter(({ instance_id: owner }) => (owner === null ? includeUnowned : gone.has(owner)));
    const marked = await this.interrupt(orphaned, "Toolscope stopped before the call completed; the server may or may not have run it.");
    // A row goes only as it was judged: a heartbeat written since says its process is alive.
    for (const row of instances.filter((r) => gone.has(r.id)))
      await db.deleteFrom("audit_instances").where("id", "=", row.id).where("heartbeat_at", "=", row.heartbeat_at).execute();
    return marked;
  }

  /**
   * This process stops: whatever it still has pending is marked "interrupted" now (a call it
   * could not wait for, or a task it followed), and its row goes, rather than leaving both to
   * the others' sweep. Answers how many records it marked.
   */
  async retire(): Promise<number> {
    const instance = this.instance;
    if (!instance) return 0;
    const pending = await this.db
      .selectFrom("audit_log")
      .select("id")
      .where("outcome", "=", "pending")
      .where("instance_id", "=", instance.id)
      .orderBy("id")
      .execute();
    const marked = await this.interrupt(pending, "Toolscope shut down before the call completed; the server may or may not have run it.");
    await this.db.deleteFrom("audit_instances").where("id", "=", instance.id).execute();
    this.registration = undefined;
    return marked;
  }

  /** Completes pending records as "interrupted"; answers how many it completed (another process may have first). */
  private async interrupt(records: { id: string }[], message: string): Promise<number> {
    let marked = 0;
    for (const { id } of records) if (await this.chain.complete(id, { outcome: "interrupted", error_message: message })) marked++;
    return marked;
  }

  /** How long each instance's heartbeat has stood still, as this process has seen it. */
  private silence(rows: { id: string; heartbeat_at: string }[]): Map<string, number> {
    const seen = this.heartbeatsSeen;
    const now = this.clock();
    const silent = new Map<string, number>();
    for (const row of rows) {
      let last = seen.get(row.id);
      if (!last || last.heartbeat !== row.heartbeat_at) seen.set(row.id, (last = { heartbeat: row.heartbeat_at, since: now }));
      silent.set(row.id, now - last.since);
    }
    for (const id of seen.keys()) if (!silent.has(id)) seen.delete(id);
    return silent;
  }
}
