import "server-only";
// A server's log messages (notifications/message) during an agent's call, passed on to the agent
// (lib/gateway). MCP does not say which request a message belongs to: a 2025 server logs to its
// session, and on 2026-07-28 a message travels with its request but the SDK's client does not say
// which. So a message is passed on only when nobody else can have caused it: every listener on
// the connection is one person's, and that person's calls are the only ones in flight on the
// server (`mayHear`). It goes to the newest listener, once.
import type { LoggingMessageNotification } from "@modelcontextprotocol/client";
import { processWide } from "@/lib/process-wide";
import type { Principal } from "@/lib/oauth/oauth-store";

export type LogParams = LoggingMessageNotification["params"];
export type LogListener = { owner: string; hear: (params: LogParams) => void; mayHear: () => boolean };

const listeners = processWide("log-relay", () => new Map<string, LogListener[]>());
const keyOf = (serverId: string, principal: Principal): string => `${serverId}\n${principal}`;

/** Runs `run` with `listener` hearing what the server logs meanwhile, as far as it can be told to be theirs. */
export async function withLogListener<T>(serverId: string, principal: Principal, listener: LogListener, run: () => Promise<T>): Promise<T> {
  const key = keyOf(serverId, principal);
  const list = listeners.get(key) ?? [];
  list.push(listener);
  listeners.set(key, list);
  try {
    return await run();
  } finally {
    list.splice(list.indexOf(listener), 1);
    if (list.length === 0) listeners.delete(key);
  }
}

/**
 * A message the server logged on this connection, to the call it can only belong to, if any.
 * `masked` gives it with the server's secrets masked: asked only when someone will hear it, as
 * most messages arrive with nobody listening.
 */
export function relayServerLog(serverId: string, principal: Principal, masked: () => LogParams): void {
  const list = listeners.get(keyOf(serverId, principal));
  const newest = list?.at(-1);
  if (!list || !newest || list.some((listener) => listener.owner !== newest.owner) || !newest.mayHear()) return;
  newest.hear(masked());
}
