// How the Toolscope processes on one PostgreSQL database speak to each other: LISTEN/NOTIFY on
// one channel per schema (two deployments in two schemas of a database never hear each other).
// A message goes to every other process (`broadcast`: a cache to drop, a tool list that
// changed) or to one, which answers (`ask`: cancel the call you run, deliver this answer to the
// input request you wait on). No home-made cluster protocol: PostgreSQL delivers, in order,
// to whoever listens; a process that is not listening (it restarts) misses what was said
// meanwhile and drops every cache when it listens again. On SQLite there is one process and
// nobody to tell: the bus is silent.
//
// Any role that may connect to the database may NOTIFY on any channel and LISTEN to it: every
// message is sealed (AES-GCM) with a key derived from TOOLSCOPE_SECRET_KEY, which replicas share,
// and carries its time and an id of its own. A message that does not open with this key, is
// stale, or was taken before (someone who may LISTEN kept a copy and NOTIFYs it again) is dropped.
// A process checks every PING_MS that it still hears itself, and listens anew when it does not.
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { sealWith, unsealWith } from "../crypto/secret-box";
import type { DatabaseTarget } from "../db/connect";
import type { Database } from "../db/schema";
import { MESSAGES, type MessageBody, type ReceivedMessage, type Topic } from "./messages";
import { SeenMessages } from "./seen-messages";

export type { Topic } from "./messages";

type Envelope = {
  /** Topic, "reply" to an `ask`, or "ping" (a process checking that it hears itself). */
  t: Topic | "reply" | "ping";
  /** The sending process. */
  f: string;
  /** The one process it is for; absent: every other process. */
  to?: string;
  /** Pairs an `ask` with its reply. */
  id?: string;
  b?: unknown;
  /** This message, and no other: a copy sent again is known by it. */
  m: string;
  /** When it was sent (the sender's clock). */
  at: number;
};

/** An envelope as a sender writes it; send() gives it its id and time. */
type Outgoing = Omit<Envelope, "m" | "at">;

export type Handler<T extends Topic> = (body: ReceivedMessage<T>, from: string) => unknown;

/** PostgreSQL refuses a notification payload of 8,000 bytes or more. */
const MAX_NOTIFY_BYTES = 7_900;
const STORED_MESSAGE_MS = 5 * 60_000;
/** A notification pointing at a message stored in cluster_messages. */
const STORED_PREFIX = "ref:";
/** Older (or newer: clocks differ) than this, a message is dropped rather than acted on again. */
const MAX_AGE_MS = 5 * 60_000;
const RECONNECT_MS = { first: 250, max: 10_000 };
const PING_MS = 20_000;
const PING_TIMEOUT_MS = 10_000;
/** Message ids remembered at most (a few MB); past it the freshness window narrows (seen-messages.ts). */
const MAX_REMEMBERED_IDS = 20_000;

export class ClusterBus {
  private readonly handlers = new Map<Topic, (body: unknown, from: string) => unknown>();
  private readonly waiting = new Map<string, (answer: unknown) => void>();
  private readonly resyncs = new Set<() => void>();
  private listener: pg.Client | undefined;
  private channel: string | undefined;
  private stopped = false;
  private retryMs = RECONNECT_MS.first;
  private retry: NodeJS.Timeout | undefined;
  private pinger: NodeJS.Timeout | undefined;
  /** When this process last heard itself. */
  private heardSelfAt = 0;
  private warnedUnreadable = false;
  /** Messages for this process already taken, so that a copy NOTIFYed again is dropped. */
  private readonly seen = new SeenMessages(MAX_AGE_MS, MAX_REMEMBERED_IDS);
  /** Whether this process hears the others now. */
  listening = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly target: DatabaseTarget,
    /** This process (lib/cluster/instances.ts's instance id). */
    readonly self: string,
    /** Seals and opens messages (derived from TOOLSCOPE_SECRET_KEY, the same on every replica). */
    private readonly key: Buffer,
  ) {}

  /** Whether other processes can be there at all (PostgreSQL). */
  get shared(): boolean {
    return this.target.kind === "postgres";
  }

  /** Answers a topic; one handler per topic, the last one set wins. It gets only bodies its topic's schema accepts. */
  handle<T extends Topic>(topic: T, handler: Handler<T>): void {
    this.handlers.set(topic, (body, from) => {
      const parsed = MESSAGES[topic].safeParse(body);
      if (!parsed.success) throw new Error(`a malformed ${topic} message: ${parsed.error.issues[0]?.message ?? "?"}`);
      return handler(parsed.data as ReceivedMessage<T>, from);
    });
  }

  /** Runs after the listener (re)connects: what was said while it was not listening is lost, so caches go. */
  onResync(run: () => void): () => void {
    this.resyncs.add(run);
    return () => this.resyncs.delete(run);
  }

  /** Starts listening; resolves once it listens (or has failed once and retries in the background). */
  async start(): Promise<void> {
    if (!this.shared || this.stopped) return;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    clearInterval(this.pinger);
    this.listening = false;
    for (const resolve of this.waiting.values()) resolve(undefined);
    this.waiting.clear();
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  /** Tells every other process. Best effort: a failure is logged, never thrown at the caller. */
  async broadcast<T extends Topic>(topic: T, body: MessageBody<T>): Promise<void> {
    if (!this.shared) return;
    MESSAGES[topic].parse(body);
    await this.send({ t: topic, f: this.self, b: body }).catch((error: unknown) => this.warn(`broadcasting ${topic}`, error));
  }

  /**
   * Asks one process and waits for its answer: undefined when it does not answer in time (it
   * is gone, or not listening), or when there is no other process to ask.
   */
  async ask<T extends Topic>(to: string, topic: T, body: MessageBody<T>, timeoutMs = 3_000): Promise<unknown> {
    MESSAGES[topic].parse(body);
    if (!this.shared || to === this.self || !this.listening) return undefined;
    const id = randomUUID();
    const answer = new Promise<unknown>((resolve) => {
      const timer = setTimeout(() => finish(undefined), timeoutMs);
      const finish = (value: unknown): void => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(value);
      };
      this.waiting.set(id, finish);
    });
    try {
      await this.send({ t: topic, f: this.self, to, id, b: body });
    } catch (error) {
      this.warn(`asking ${to} (${topic})`, error);
      this.waiting.get(id)?.(undefined);
    }
    return answer;
  }

  private async send(outgoing: Outgoing): Promise<void> {
    const channel = await this.channelName();
    const envelope: Envelope = { ...outgoing, m: randomUUID(), at: Date.now() };
    let payload = sealWith(this.key, JSON.stringify(envelope), channel);
    if (payload.length > MAX_NOTIFY_BYTES) {
      const ref = randomUUID();
      const now = Date.now();
      await this.db
        .insertInto("cluster_messages")
        .values({ id: ref, body: payload, created_at: new Date(now).toISOString() })
        .execute();
      await this.db
        .deleteFrom("cluster_messages")
        .where("created_at", "<", new Date(now - STORED_MESSAGE_MS).toISOString())
        .execute();
      payload = `${STORED_PREFIX}${ref}`;
    }
    await sql`select pg_notify(${channel}, ${payload})`.execute(this.db);
  }

  /** One channel per schema: `toolscope_<schema>`, folded to what an identifier may hold. */
  private async channelName(): Promise<string> {
    if (this.channel) return this.channel;
    const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(this.db);
    const schema = (rows[0]?.schema ?? "public").toLowerCase().replace(/[^a-z0-9_]/g, "_");
    this.channel = `toolscope_${schema}`.slice(0, 63);
    return this.channel;
  }

  private async connect(): Promise<void> {
    if (this.target.kind !== "postgres") return;
    const client = new pg.Client({
      connectionString: this.target.url,
      // A connection that went half-open would otherwise look alive (the pings below catch the rest).
      keepAlive: true,
      ...(this.target.searchPath ? { options: `-c search_path=${this.target.searchPath}` } : {}),
    });
    const lost = (error?: unknown): void => {
      if (this.listener !== client) return;
      if (error) this.warn("the listening connection failed", error);
      this.listenAgain();
    };
    client.on("error", lost);
    client.on("end", () => lost());
    client.on("notification", (message) => {
      if (message.channel === this.channel && message.payload)
        this.receive(message.payload).catch((error: unknown) => this.warn("reading a message", error));
    });
    this.listener = client;
    try {
      await client.connect();
      const channel = await this.channelName();
      await client.query(`listen "${channel}"`);
      if (this.listener !== client) return;
      this.listening = true;
      this.heardSelfAt = Date.now();
      this.retryMs = RECONNECT_MS.first;
      this.keepPinging();
      for (const run of this.resyncs) run();
    } catch (error) {
      lost(error);
    }
  }

  /** Checks, every PING_MS, that this process still hears itself; listens anew when it has not for a while. */
  private keepPinging(): void {
    this.pinger ??= setInterval(() => {
      if (!this.listening) return;
      if (Date.now() - this.heardSelfAt > PING_MS + PING_TIMEOUT_MS) {
        this.warn("not hearing itself on the channel", new Error("listening again"));
        this.listenAgain();
        return;
      }
      this.send({ t: "ping", f: this.self, to: this.self }).catch((error: unknown) => this.warn("pinging itself", error));
    }, PING_MS);
    this.pinger.unref();
  }

  /** Lets the listening connection go and opens another, with backoff. */
  private listenAgain(): void {
    const listener = this.listener;
    this.listener = undefined;
    this.listening = false;
    listener?.end().catch(() => undefined);
    this.reconnectLater();
  }

  private reconnectLater(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, this.retryMs);
    this.retry.unref();
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MS.max);
  }

  private async receive(payload: string): Promise<void> {
    const stored = payload.startsWith(STORED_PREFIX) ? payload.slice(STORED_PREFIX.length) : undefined;
    const sealed = stored ? await this.storedMessage(stored) : payload;
    const envelope = sealed === undefined ? undefined : this.open(sealed);
    if (!envelope) return;
    if (stored && envelope.to === this.self) await this.db.deleteFrom("cluster_messages").where("id", "=", stored).execute();
    if (envelope.to !== undefined && envelope.to !== this.self) return;
    // Its own broadcast comes back to it too; only its pings are for it.
    if (envelope.f === this.self && envelope.t !== "ping") return;
    if (!this.seen.firstSighting(envelope.m, envelope.at)) return;
    if (envelope.t === "ping") {
      if (envelope.f === this.self) this.heardSelfAt = Date.now();
      return;
    }
    try {
      if (envelope.t === "reply") {
        if (envelope.id) this.waiting.get(envelope.id)?.(envelope.b);
        return;
      }
      const handler = this.handlers.get(envelope.t);
      if (!handler) return;
      const answer = await handler(envelope.b, envelope.f);
      if (envelope.id) await this.send({ t: "reply", f: this.self, to: envelope.f, id: envelope.id, b: answer ?? null });
    } catch (error) {
      this.warn(`handling ${envelope.t} from ${envelope.f}`, error);
    }
  }

  /** A message as sent by a process with this key, recent, and shaped as one (with its id); else undefined. */
  private open(sealed: string): Envelope | undefined {
    let envelope: unknown;
    try {
      envelope = JSON.parse(unsealWith(this.key, sealed, this.channel ?? ""));
    } catch {
      if (!this.warnedUnreadable) {
        this.warnedUnreadable = true;
        this.warn("dropped a message it cannot open", new Error("do all replicas share TOOLSCOPE_SECRET_KEY?"));
      }
      return undefined;
    }
    const e = envelope as Partial<Envelope> | null;
    if (
      typeof e !== "object" ||
      e === null ||
      typeof e.t !== "string" ||
      typeof e.f !== "string" ||
      typeof e.m !== "string" ||
      typeof e.at !== "number"
    )
      return undefined;
    if (Math.abs(Date.now() - e.at) > MAX_AGE_MS) return undefined;
    return e as Envelope;
  }

  private async storedMessage(id: string): Promise<string | undefined> {
    const row = await this.db.selectFrom("cluster_messages").select("body").where("id", "=", id).executeTakeFirst();
    return row?.body;
  }

  private warn(what: string, error: unknown): void {
    if (this.stopped) return;
    console.error(`[toolscope] cluster: ${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
