import "server-only";
// One MCP session's client, as Toolscope opens it: what it offers the server (elicitation,
// sampling, roots), how the revision is negotiated, and how the first tool list is taken.
import type { Client, JSONRPCMessage } from "@modelcontextprotocol/client";
import type { ServerConfig } from "@/lib/domain/server-config";
import type { Principal } from "@/lib/oauth/oauth-store";
import { listAllTools, MAX_LIST_PAGES, type ToolList } from "./list-tools";
import { answerServerRequests, ELICITATION_CAPABILITY } from "./server-requests";
import { maskedLogMessage, recordNotice, recordServerMessage } from "./server-messages";
import { relayServerLog } from "./log-relay";
import { recordProtocolMessage } from "./protocol-log";
import { tapTransport, type Tap } from "./transport-tap";
import { noteResourceUpdated } from "./resource-watch";
import { ToolscopeClient } from "./toolscope-client";
import type { ToolListFilter } from "./tool-list-filter";
import { stopAttempt, type ActiveTransport, type Attempt } from "./transports";

const CLIENT_INFO = { name: "toolscope", title: "Toolscope", version: "0.1.0" };
export const CONNECT_TIMEOUT_MS = 20_000;
// How long the revision probe waits before settling for a 2025-era session. Over stdio the probe
// starts a second copy of the server, which on a busy machine (node --import tsx compiling on 2
// shared cores) took over 5 s and quietly downgraded a 2026-07-28 server; a server that answers
// at all answers well inside this.
const PROBE_TIMEOUT_MS = 15_000;

export const LISTS = ["tools", "resources", "prompts"] as const;
export type ListName = (typeof LISTS)[number];

/** A client for one session with this server; `onListChanged` runs when the server says one of its lists changed. */
export function sessionClient(config: ServerConfig, principal: Principal, onListChanged: (client: Client, list: ListName) => void): Client {
  // Toolscope lists again itself, so that a malformed tool cannot lose the catalog.
  const changed = (list: ListName) => ({ autoRefresh: false, debounceMs: 50, onChanged: () => onListChanged(client, list) });
  const client: Client = new ToolscopeClient(CLIENT_INFO, {
    capabilities: { elicitation: ELICITATION_CAPABILITY, sampling: {}, roots: { listChanged: false } },
    versionNegotiation: { mode: "auto", probe: { timeoutMs: PROBE_TIMEOUT_MS } },
    listMaxPages: MAX_LIST_PAGES,
    listChanged: { tools: changed("tools"), resources: changed("resources"), prompts: changed("prompts") },
  });
  answerServerRequests(client, config, principal);
  client.setNotificationHandler("notifications/message", (notification) => {
    recordServerMessage(config, principal, notification.params);
    relayServerLog(config.id, principal, () => maskedLogMessage(config, notification.params));
  });
  client.setNotificationHandler("notifications/resources/updated", (notification) => noteResourceUpdated(client, notification.params.uri));
  notices.set(client, { incoming: record(config, principal, "in"), outgoing: (message) => void record(config, principal, "out")(message) });
  return client;
}

/** Each session's messages either way, for the server's page (server-messages.ts, protocol-log.ts). */
const notices = new WeakMap<Client, Tap>();

const record =
  (config: ServerConfig, principal: Principal, direction: "in" | "out") =>
  (message: JSONRPCMessage): JSONRPCMessage => {
    recordNotice(config, principal, direction, message);
    recordProtocolMessage(config, principal, direction, message);
    return message;
  };

/** What a server's snapshot says of its session: its revision, its own description of itself, the transport in use. */
export function sessionFacts(client: Client | undefined, transport: ActiveTransport | undefined) {
  return {
    activeTransport: client ? (transport ?? null) : null,
    protocolVersion: client?.getNegotiatedProtocolVersion() ?? null,
    serverInfo: client?.getServerVersion() ?? null,
    instructions: client?.getInstructions() ?? null,
    capabilities: (client?.getServerCapabilities() as Record<string, unknown> | undefined) ?? null,
  };
}

/** Connects the attempt's client over its transport and lists the tools; a failure stops the attempt (and a stdio server's process). */
export async function startSession(attempt: Attempt, filter: ToolListFilter): Promise<ToolList> {
  try {
    const tap = notices.get(attempt.client);
    await attempt.client.connect(filter.wrap(tap ? tapTransport(attempt.transport, tap) : attempt.transport), {
      timeout: CONNECT_TIMEOUT_MS,
    });
    return await listAllTools(attempt.client, CONNECT_TIMEOUT_MS, filter);
  } catch (error) {
    await stopAttempt(attempt);
    throw error;
  }
}
