import { describe, expect, it } from "vitest";
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { SessionEvents } from "./session-events";

const note = (n: number): JSONRPCMessage => ({
  jsonrpc: "2.0",
  method: "notifications/progress",
  params: { progressToken: 1, progress: n },
});

async function replay(events: SessionEvents, after: string): Promise<[string, string[]]> {
  const sent: string[] = [];
  const stream = await events.replayEventsAfter(after, { send: async (id) => void sent.push(id) });
  return [stream, sent];
}

describe("a 2025 session's events (resumability)", () => {
  it("replays what one stream missed after the given event, without its priming event or other streams' messages", async () => {
    const events = new SessionEvents();
    const priming = await events.storeEvent("a", {} as JSONRPCMessage);
    const first = await events.storeEvent("a", note(1));
    await events.storeEvent("b", note(2));
    const third = await events.storeEvent("a", note(3));
    expect(await events.getStreamIdForEventId(first)).toBe("a");
    expect(await replay(events, priming)).toEqual(["a", [first, third]]);
    expect(await replay(events, first)).toEqual(["a", [third]]);
    expect(await events.getStreamIdForEventId("no-such-event")).toBeUndefined();
  });

  it("keeps the newest 500: a stream that broke before them cannot be resumed", async () => {
    const events = new SessionEvents();
    const oldest = await events.storeEvent("a", note(0));
    for (let n = 1; n <= 500; n++) await events.storeEvent("a", note(n));
    expect(await events.getStreamIdForEventId(oldest)).toBeUndefined();
    await expect(replay(events, oldest)).rejects.toThrow(/no longer kept/);
  });
});
