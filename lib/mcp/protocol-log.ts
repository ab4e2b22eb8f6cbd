import "server-only";
// Every JSON-RPC message of a connection, both ways, as the transport carried it: the protocol view
// of a server's page. The last 300 of each connection (a server, or one person's connection to
// it) are kept in this process, each as the text a person may see — values under secret-looking
// keys redacted as the audit log redacts arguments, the config's secrets masked, cut at 32,000
// characters — and, for a request Toolscope sent, its method and params as sent, so that "send
// again" need not trust what the browser sends back (the browser never sees the secrets).
import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import { appConfig } from "@/lib/config/env";
import { redactArguments } from "@/lib/domain/redact";
import { processWide } from "@/lib/process-wide";
import { serverSecretValues, type ServerConfig } from "../domain/server-config";
import type { Principal } from "@/lib/oauth/oauth-store";
import { stderrMask } from "./stderr-log";

export const PROTOCOL_MESSAGES = 300;
export const PROTOCOL_MESSAGE_CHARS = 32_000;

export type ProtocolKind = "request" | "response" | "error" | "notification";

/** One message as the protocol view shows it. */
export type ProtocolMessage = {
  /** Its place in this process's record, rising: the view asks for those after the last it has. */
  seq: number;
  at: string;
  /** `out`: Toolscope sent it; `in`: the server did. */
  direction: "in" | "out";
  kind: ProtocolKind;
  /** A request's or notification's method; a response's is its request's, when it was seen. */
  method: string | null;
  id: string | number | null;
  /** The message as JSON, redacted and masked; cut at PROTOCOL_MESSAGE_CHARS (see `truncated`). */
  json: string;
  truncated: boolean;
  /** Whether "send again" can send it: a request Toolscope sent, other than the handshake. */
  resendable: boolean;
};

type Shown = Pick<ProtocolMessage, "json" | "truncated">;

/**
 * `shown`: the text, or how to make it. Making it (redacting, indenting, masking) was a tenth of an
 * audited call's CPU (issue 49), and most messages are never looked at: a message small enough to
 * keep as it is waits until someone reads it; a larger one is made into text at once, so that the
 * ring holds at most PROTOCOL_MESSAGE_CHARS of each message either way.
 */
type Kept = Omit<ProtocolMessage, "json" | "truncated"> & {
  shown: Shown | (() => Shown);
  sent?: { method: string; params: Record<string, unknown> | undefined };
};

type Ring = { messages: Kept[]; methods: Map<string, string> };

const rings = processWide("protocol-log", () => ({ seq: 0, byKey: new Map<string, Ring>() }));

const keyOf = (serverId: string, principal: Principal): string => `${serverId}\n${principal}`;

/** Requests whose sending again means nothing, or harm: the handshake is the connection's own. */
const NOT_RESENT = new Set(["initialize", "server/discover"]);

function kindOf(message: JSONRPCMessage): ProtocolKind {
  if ("method" in message) return "id" in message ? "request" : "notification";
  return "error" in message ? "error" : "response";
}

/** The message as text a person may see: secret-looking keys redacted (a progress token kept), the config's secrets masked. */
function shown(config: ServerConfig, message: JSONRPCMessage): Shown {
  const redacted = redactArguments(message, undefined, appConfig().audit.redactKeys) as Record<string, unknown>;
  const token = (message as { params?: { _meta?: { progressToken?: unknown } } }).params?._meta?.progressToken;
  if (token !== undefined) {
    const params = redacted.params as { _meta?: Record<string, unknown> } | undefined;
    if (params?._meta) params._meta.progressToken = token;
  }
  const text = stderrMask(serverSecretValues(config))(JSON.stringify(redacted, null, 2));
  return text.length > PROTOCOL_MESSAGE_CHARS
    ? { json: text.slice(0, PROTOCOL_MESSAGE_CHARS), truncated: true }
    : { json: text, truncated: false };
}

/** Keeps one message of the connection (called by the transport tap, both ways). */
export function recordProtocolMessage(config: ServerConfig, principal: Principal, direction: "in" | "out", message: JSONRPCMessage): void {
  const key = keyOf(config.id, principal);
  const ring = rings.byKey.get(key) ?? { messages: [], methods: new Map<string, string>() };
  rings.byKey.set(key, ring);
  const kind = kindOf(message);
  const id = "id" in message && (typeof message.id === "string" || typeof message.id === "number") ? message.id : null;
  // A response names its request's method: requests either way, by who asked and their id.
  const asker = (d: "in" | "out") => `${d}:${String(id)}`;
  let method: string | null = "method" in message ? message.method : null;
  if (kind === "request" && id !== null && method !== null) {
    ring.methods.set(asker(direction), method);
    if (ring.methods.size > PROTOCOL_MESSAGES) ring.methods.delete(ring.methods.keys().next().value!);
  }
  if ((kind === "response" || kind === "error") && id !== null) {
    const other = direction === "in" ? "out" : "in";
    method = ring.methods.get(asker(other)) ?? null;
    ring.methods.delete(asker(other));
  }
  const resendable = direction === "out" && kind === "request" && !NOT_RESENT.has(method ?? "");
  const params = "params" in message ? (message.params as Record<string, unknown> | undefined) : undefined;
  ring.messages.push({
    seq: ++rings.seq,
    at: new Date().toISOString(),
    direction,
    kind,
    method,
    id,
    shown: smallerThan(message, PROTOCOL_MESSAGE_CHARS) ? () => shown(config, message) : shown(config, message),
    resendable,
    ...(resendable ? { sent: { method: method!, params } } : {}),
  });
  if (ring.messages.length > PROTOCOL_MESSAGES) ring.messages.splice(0, ring.messages.length - PROTOCOL_MESSAGES);
}

/** The connection's messages after `after` (all that are kept, for 0), oldest first. */
export function protocolMessages(serverId: string, principal: Principal, after = 0): ProtocolMessage[] {
  const ring = rings.byKey.get(keyOf(serverId, principal));
  return (ring?.messages ?? [])
    .filter((m) => m.seq > after)
    .map((kept) => {
      const { sent: _sent, shown: _shown, ...message } = kept;
      return { ...message, ...shownText(kept) };
    });
}

function shownText(kept: Kept): Shown {
  if (typeof kept.shown === "function") kept.shown = kept.shown();
  return kept.shown;
}

/**
 * Whether a message's strings, keys and numbers come to fewer than `chars` characters: a walk that
 * stops at the limit, so a large message costs no more to look at than a small one.
 */
function smallerThan(value: unknown, chars: number): boolean {
  let left = chars;
  const walk = (node: unknown, depth: number): boolean => {
    if (depth > 64) return false;
    if (typeof node === "string") return (left -= node.length + 2) > 0;
    if (node === null || typeof node !== "object") return (left -= 8) > 0;
    for (const [key, child] of Object.entries(node)) if ((left -= key.length + 4) <= 0 || !walk(child, depth + 1)) return false;
    return true;
  };
  return walk(value, 0);
}

/** What a kept request was sent as, for sending it again; null when it is gone or cannot be sent again. */
export function sentRequest(
  serverId: string,
  principal: Principal,
  seq: number,
): { method: string; params: Record<string, unknown> | undefined } | null {
  return rings.byKey.get(keyOf(serverId, principal))?.messages.find((m) => m.seq === seq)?.sent ?? null;
}

/** A server removed or reconfigured leaves nothing behind. */
export function forgetProtocolMessages(serverId: string): void {
  for (const key of rings.byKey.keys()) if (key.startsWith(`${serverId}\n`)) rings.byKey.delete(key);
}
