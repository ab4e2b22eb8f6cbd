// Which bus messages (bus.ts) this process has already taken, by their ids. Anyone who may
// connect to the database may LISTEN, keep a sealed payload and NOTIFY it again: it still opens
// with the key and is still fresh, so without this it would be acted on again (a cancel, an
// answer, a cache dropped) for as long as the freshness window lasts.
//
// An id is remembered while its message would pass the freshness check; after that the message
// is dropped as stale anyway and the id can go. Memory is capped: when more ids than the cap are
// fresh at once, the oldest is forgotten and the window narrows to match (nothing sent at or
// before a forgotten message is taken again), so the cap never reopens a replay; under such a
// flood a replica whose clock lags by more than the narrowed window is not heard.

export class SeenMessages {
  /** Id to when its message was sent (the sender's clock), in the order they arrived. */
  private readonly sentAt = new Map<string, number>();
  /** Messages sent at or before this are refused: their ids may have been forgotten to keep under the cap. */
  private floor = -Infinity;

  constructor(
    /** How far a message's time may be from now before it is stale (bus.ts's MAX_AGE_MS). */
    private readonly maxAgeMs: number,
    private readonly cap: number,
  ) {}

  /** How many ids are remembered now. */
  get size(): number {
    return this.sentAt.size;
  }

  /** Whether this is the first time the message is seen, remembering it; false for a repeat. */
  firstSighting(id: string, sentAt: number, now = Date.now()): boolean {
    this.forgetStale(now);
    if (sentAt <= this.floor || this.sentAt.has(id)) return false;
    if (this.sentAt.size >= this.cap) {
      const [oldestId, oldestSentAt] = this.sentAt.entries().next().value as [string, number];
      this.sentAt.delete(oldestId);
      this.floor = Math.max(this.floor, oldestSentAt);
    }
    this.sentAt.set(id, sentAt);
    return true;
  }

  /**
   * Forgets, from the oldest arrival on, the ids of messages that are now stale. Arrival order is
   * send order only up to the senders' clocks: one that lags may wait behind a newer one, which
   * costs a little memory for a while, never a replay.
   */
  private forgetStale(now: number): void {
    for (const [id, sentAt] of this.sentAt) {
      if (now - sentAt <= this.maxAgeMs) return;
      this.sentAt.delete(id);
    }
  }
}
