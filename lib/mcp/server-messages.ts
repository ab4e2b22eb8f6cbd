import "server-only";
// What a server said in `notifications/message` (MCP logging): the last 200 messages of each
// connection (a server, or one person's connection to it), masked as they are stored with the
// secrets its config holds, as its stderr is. They arrive on every revision (on 2026-07-28 within
// the request they belong to); only revisions before it let a client set the level.
import type { LoggingMessageNotification } from "@modelcontextprotocol/client";
import { processWide } from "@/lib/process-wide";
import { serverSecretValues, type ServerConfig } from "../domain/server-config";
import type { Principal } from "@/lib/oauth/oauth-store";
import { stderrMask } from "./stderr-log";

export const SERVER_MESSAGES = 200;
const MESSAGE_CHARS = 4_000;

export type ServerMessage = { at: string; level: string; logger: string | null; text: string };

const buffers = processWide("server-messages", () => new Map<string, ServerMessage[]>());

const keyOf = (serverId: string, principal: Principal): string => `${serverId}\n${principal}`;

/** Keeps one message (its data as text, masked and cut to 4,000 characters). */
export function recordServerMessage(config: ServerConfig, principal: Principal, params: LoggingMessageNotification["params"]): void {
  const mask = stderrMask(serverSecretValues(config));
  const raw = typeof params.data === "string" ? params.data : (JSON.stringify(params.data) ?? String(params.data));
  const key = keyOf(config.id, principal);
  const list = buffers.get(key) ?? [];
  list.push({
    at: new Date().toISOString(),
    level: params.level,
    logger: params.logger ? mask(params.logger) : null,
    text: mask(raw).slice(0, MESSAGE_CHARS),
  });
  if (list.length > SERVER_MESSAGES) list.splice(0, list.length - SERVER_MESSAGES);
  buffers.set(key, list);
}

export function serverMessages(serverId: string, principal: Principal): ServerMessage[] {
  return [...(buffers.get(keyOf(serverId, principal)) ?? [])];
}

/** A server removed or reconfigured leaves nothing behind. */
export function forgetServerMessages(serverId: string): void {
  for (const key of buffers.keys()) if (key.startsWith(`${serverId}\n`)) buffers.delete(key);
}
