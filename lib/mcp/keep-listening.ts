import "server-only";
// On 2026-07-28 connections list changes arrive on a subscriptions/listen stream, which the SDK
// does not reopen when the server ends it (gracefully, as on a restart, or by dropping it).
// This reopens it with backoff, for the same lists, and has them listed again, since changes
// may have been missed while it was closed.
import type { Client, McpSubscription } from "@modelcontextprotocol/client";
import { backoffMs } from "./reconnect-policy";

export type Listening = {
  /** Whether this client is still the connection's (not replaced, not closed). */
  current: () => boolean;
  /** Lists the tools again, and tells that the other lists may have changed. */
  refresh: () => Promise<void>;
  serverId: string;
};

export function keepListening(client: Client, subscription: McpSubscription | undefined, listening: Listening, attempt = 0): void {
  if (!subscription) return;
  void subscription.closed.then(async (reason) => {
    if (reason === "local" || !listening.current()) return;
    await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)).unref());
    if (!listening.current()) return;
    try {
      const next = await client.listen(subscription.honoredFilter);
      await listening.refresh();
      keepListening(client, next, listening, 0);
    } catch (error) {
      console.error(
        `[toolscope] ${listening.serverId}: reopening subscriptions/listen failed:`,
        error instanceof Error ? error.message : error,
      );
      keepListening(client, subscription, listening, attempt + 1);
    }
  });
}
