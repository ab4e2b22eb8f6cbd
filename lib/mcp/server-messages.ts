import "server-only";
// What a server said in `notifications/message` (MCP logging): the last 200 messages of each
// connection (a server, or one person's connection to it), masked as they are stored with the
// secrets its config holds, as its stderr is. They arrive on every revision (on 2026-07-28 within
// the request they belong to); only revisions before it let a client set the level.
// Beside them, in a ring of their own so that a burst of progress cannot push the log out, the
// other notifications either way: progress, list changes, resource updates, cancellations.
import type { JSONRPCMessage, LoggingMessageNotification } from "@modelcontextprotocol/client";
import { processWide } from "@/lib/process-wide";
import { serverSecretValues, type ServerConfig } from "../domain/server-config";
import type { Principal } from "@/lib/oauth/oauth-store";
import { stderrMask } from "./stderr-log";
import { forgetProtocolMessages } from "./protocol-log";

export const SERVER_MESSAGES = 200;
const MESSAGE_CHARS = 4_000;

export type ServerMessage = { at: string; level: string; logger: string | null; text: string };
/** A notification other than a log message: `in` from the server, `out` from Toolscope. */
export type ServerNotice = { at: string; direction: "in" | "out"; method: string; text: string };
export const SERVER_NOTICES = 300;

const buffers = processWide("server-messages", () => new Map<string, ServerMessage[]>());
const notices = processWide("server-notices", () => new Map<string, ServerNotice[]>());

const keyOf = (serverId: string, principal: Principal): string => `${serverId}\n${principal}`;

function keep<T>(rings: Map<string, T[]>, key: string, item: T, size: number): void {
  const list = rings.get(key) ?? [];
  list.push(item);
  if (list.length > size) list.splice(0, list.length - size);
  rings.set(key, list);
}

/** What one notification says, in a line: the parts of its params a person looks for. */
function describe(method: string, params: Record<string, unknown>): string {
  const { progressToken, progress, total, message, requestId, reason, uri, _meta: _ignored, ...rest } = params;
  if (method === "notifications/progress")
    return `${String(progress)}${total === undefined ? "" : ` of ${String(total)}`}${message ? ` · ${String(message)}` : ""} (token ${String(progressToken)})`;
  if (method === "notifications/cancelled") return `request ${String(requestId)}${reason ? ` · ${String(reason)}` : ""}`;
  if (typeof uri === "string") return uri;
  return Object.keys(rest).length ? JSON.stringify(rest) : "";
}

/** Keeps one notification (not a request, not a log message: those are kept above), masked and cut to 4,000 characters. */
export function recordNotice(config: ServerConfig, principal: Principal, direction: "in" | "out", message: JSONRPCMessage): void {
  if (!("method" in message) || "id" in message || message.method === "notifications/message") return;
  const mask = stderrMask(serverSecretValues(config));
  const text = describe(message.method, (message.params ?? {}) as Record<string, unknown>);
  keep(
    notices,
    keyOf(config.id, principal),
    { at: new Date().toISOString(), direction, method: message.method, text: mask(text).slice(0, MESSAGE_CHARS) },
    SERVER_NOTICES,
  );
}

export function serverNotices(serverId: string, principal: Principal): ServerNotice[] {
  return [...(notices.get(keyOf(serverId, principal)) ?? [])];
}

/** A message with the secrets of the server's config masked wherever its data holds them, for whoever it is passed on to. */
export function maskedLogMessage(config: ServerConfig, params: LoggingMessageNotification["params"]): LoggingMessageNotification["params"] {
  const mask = stderrMask(serverSecretValues(config));
  const data = typeof params.data === "string" ? mask(params.data) : (JSON.parse(mask(JSON.stringify(params.data ?? null))) as unknown);
  return { ...params, data, ...(params.logger ? { logger: mask(params.logger) } : {}) };
}

/** Keeps one message (its data as text, masked and cut to 4,000 characters). */
export function recordServerMessage(config: ServerConfig, principal: Principal, params: LoggingMessageNotification["params"]): void {
  const mask = stderrMask(serverSecretValues(config));
  const raw = typeof params.data === "string" ? params.data : (JSON.stringify(params.data) ?? String(params.data));
  const message = {
    at: new Date().toISOString(),
    level: params.level,
    logger: params.logger ? mask(params.logger) : null,
    text: mask(raw).slice(0, MESSAGE_CHARS),
  };
  keep(buffers, keyOf(config.id, principal), message, SERVER_MESSAGES);
}

export function serverMessages(serverId: string, principal: Principal): ServerMessage[] {
  return [...(buffers.get(keyOf(serverId, principal)) ?? [])];
}

/** A server removed or reconfigured leaves nothing behind. */
export function forgetServerMessages(serverId: string): void {
  for (const rings of [buffers, notices]) for (const key of rings.keys()) if (key.startsWith(`${serverId}\n`)) rings.delete(key);
  forgetProtocolMessages(serverId);
}
