import "server-only";
// Watching a resource: the server says when it changed (notifications/resources/updated) and
// the watcher reads it again. A 2025-era server is asked with resources/subscribe, a 2026-07-28
// one on a subscriptions/listen stream naming the URI. However many watch one URI on one
// session, the server is asked once; when the last watcher goes, so does the subscription.
import type { Client, McpSubscription } from "@modelcontextprotocol/client";
import { AppError } from "@/lib/errors";
import { processWide } from "@/lib/process-wide";

/** How a watch ends when the server, not the watcher, ends it. */
export type WatchEnd = { reason: string };

type Watcher = { updated: (at: string) => void; ended: (end: WatchEnd) => void };

type Watch = {
  watchers: Set<Watcher>;
  /** Asked once; settles with how to stop asking. */
  started: Promise<() => Promise<void>>;
};

// Process-wide: the route that watches and the session that hears may be bundled apart.
const sessions = processWide("resource-watches", () => new WeakMap<Client, Map<string, Watch>>());

const SUBSCRIBE_TIMEOUT_MS = 15_000;

/** What a session's client heard: tells the URI's watchers (one notification, one re-read each). */
export function noteResourceUpdated(client: Client, uri: string): void {
  const watch = sessions.get(client)?.get(uri);
  if (!watch) return;
  const at = new Date().toISOString();
  for (const watcher of [...watch.watchers]) watcher.updated(at);
}

/** How this session is watched: "resources/subscribe" or "subscriptions/listen". */
export function watchMethod(client: Client): "resources/subscribe" | "subscriptions/listen" {
  return client.getProtocolEra() === "modern" ? "subscriptions/listen" : "resources/subscribe";
}

/**
 * Watches `uri` on this session until the returned function is called. Refused (400) when the
 * server does not offer subscriptions or will not watch this URI; a watch the server ends
 * later is told through `watcher.ended`.
 */
export async function watchResource(client: Client, uri: string, watcher: Watcher): Promise<() => Promise<void>> {
  if (!client.getServerCapabilities()?.resources?.subscribe)
    throw new AppError("bad_request:body", "This server does not offer resource subscriptions: it cannot say when a resource changes.");
  const byUri = sessions.get(client) ?? new Map<string, Watch>();
  sessions.set(client, byUri);
  let watch = byUri.get(uri);
  if (!watch) {
    const fresh: Watch = { watchers: new Set(), started: Promise.resolve(async () => undefined) };
    fresh.started = subscribe(client, uri, (end) => {
      if (byUri.get(uri) !== fresh) return;
      byUri.delete(uri);
      for (const each of [...fresh.watchers]) each.ended(end);
    });
    watch = fresh;
    byUri.set(uri, watch);
  }
  const current = watch;
  current.watchers.add(watcher);
  let stop: () => Promise<void>;
  try {
    stop = await current.started;
  } catch (error) {
    current.watchers.delete(watcher);
    if (byUri.get(uri) === current) byUri.delete(uri);
    throw error;
  }
  let stopped = false;
  return async () => {
    if (stopped) return;
    stopped = true;
    current.watchers.delete(watcher);
    if (current.watchers.size || byUri.get(uri) !== current) return;
    byUri.delete(uri);
    await stop().catch(() => undefined);
  };
}

async function subscribe(client: Client, uri: string, ended: (end: WatchEnd) => void): Promise<() => Promise<void>> {
  if (client.getProtocolEra() !== "modern") {
    try {
      await client.subscribeResource({ uri }, { timeout: SUBSCRIBE_TIMEOUT_MS });
    } catch (error) {
      throw refused(error);
    }
    return async () => {
      await client.unsubscribeResource({ uri }, { timeout: SUBSCRIBE_TIMEOUT_MS });
    };
  }
  let subscription: McpSubscription;
  try {
    subscription = await client.listen({ resourceSubscriptions: [uri] }, { timeout: SUBSCRIBE_TIMEOUT_MS });
  } catch (error) {
    throw refused(error);
  }
  if (!subscription.honoredFilter.resourceSubscriptions?.includes(uri)) {
    await subscription.close();
    throw new AppError("bad_request:body", "The server opened the subscription but will not watch this resource.");
  }
  void subscription.closed.then((reason) => {
    if (reason === "graceful") ended({ reason: "The server ended the subscription." });
    else if (reason === "remote") ended({ reason: "The subscription's stream dropped." });
  });
  return () => subscription.close();
}

function refused(error: unknown): AppError {
  const reason = error instanceof Error ? error.message : String(error);
  return new AppError("bad_gateway:server", `The server did not subscribe to this resource: ${reason}`);
}
