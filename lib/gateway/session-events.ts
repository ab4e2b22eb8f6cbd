import "server-only";
// Resumability for a 2025 agent session's streams (SEP-1699): each stream starts with a priming
// event (an id, no data; with a retry interval), and each message is kept under an id, so that a
// client whose stream broke can reconnect with Last-Event-ID and be sent what it missed. A session
// lives in one process (gateway-http.ts), so its events do too, with it, the newest few hundred.
import type { EventStore, JSONRPCMessage } from "@modelcontextprotocol/server";

/** Messages kept per session: a stream that broke longer ago than this many messages cannot be resumed. */
const KEPT = 500;

type Stored = { id: string; streamId: string; message: JSONRPCMessage };

export class SessionEvents implements EventStore {
  private readonly events: Stored[] = [];
  private sequence = 0;

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const id = `${++this.sequence}`;
    this.events.push({ id, streamId, message });
    if (this.events.length > KEPT) this.events.splice(0, this.events.length - KEPT);
    return id;
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return this.events.find((event) => event.id === eventId)?.streamId;
  }

  /** The stream's messages after `lastEventId` (not its priming event, which carries none). */
  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const at = this.events.findIndex((event) => event.id === lastEventId);
    const from = this.events[at];
    if (!from) throw new Error("The event to resume after is no longer kept.");
    for (const event of this.events.slice(at + 1))
      if (event.streamId === from.streamId && "jsonrpc" in event.message) await send(event.id, event.message);
    return from.streamId;
  }
}
