import "server-only";
// A server's resources and prompts as the API lists them, for a caller who may use the server
// (anyone else gets the same 404 as for a server that does not exist).
import { AppError } from "@/lib/errors";
import type { Caller } from "@/lib/domain/mcp-types";
import type { PromptCatalog, ResourceCatalog } from "../domain/server-features";
import { connectionFor } from "./pool";
import type { LoggingLevel } from "@modelcontextprotocol/client";
import { serverMessages, serverNotices, type ServerMessage, type ServerNotice } from "./server-messages";
import { listPromptCatalog, listResourceCatalog } from "./server-features";
import type { ServerConnection } from "./connection";
import { protocolMessages, PROTOCOL_MESSAGES, type ProtocolMessage } from "./protocol-log";

export async function connected(serverId: string, caller: Caller | undefined): Promise<ServerConnection> {
  const connection = await connectionFor(serverId, caller);
  try {
    await connection.ready();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError("unavailable:server", `${connection.config.name} is not connected: ${reason}`);
  }
  return connection;
}

/** A failed listing (a timeout, an error the server answered) says which list and why. */
export async function listed<T>(connection: ServerConnection, what: string, list: () => Promise<T>): Promise<T> {
  try {
    return await list();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError("bad_gateway:server", `${connection.config.name} did not list its ${what}: ${reason}`);
  }
}

export async function serverResources(serverId: string, caller?: Caller): Promise<ResourceCatalog> {
  const connection = await connected(serverId, caller);
  return listed(connection, "resources", () => listResourceCatalog(connection));
}

export async function serverPrompts(serverId: string, caller?: Caller): Promise<PromptCatalog> {
  const connection = await connected(serverId, caller);
  return listed(connection, "prompts", () => listPromptCatalog(connection));
}

const PING_TIMEOUT_MS = 10_000;

export type PingAnswer = { answered: true; roundTripMs: number } | { answered: false; error: string; roundTripMs: number };

/** Sends `ping` and times the answer; a server that refuses or does not answer says so (the outcome, not an HTTP error). */
export async function pingServer(serverId: string, caller?: Caller): Promise<PingAnswer> {
  const connection = await connected(serverId, caller);
  const client = await connection.ready();
  const started = performance.now();
  const elapsed = (): number => Math.round((performance.now() - started) * 10) / 10;
  try {
    await client.ping({ timeout: PING_TIMEOUT_MS });
    return { answered: true, roundTripMs: elapsed() };
  } catch (error) {
    return { answered: false, error: error instanceof Error ? error.message : String(error), roundTripMs: elapsed() };
  }
}

export type ServerLog = {
  messages: ServerMessage[];
  /** The other notifications either way (progress, list changes, resource updates, cancellations), oldest first. */
  notices: ServerNotice[];
  /** Whether Toolscope may ask for a level: the server declares logging and the revision has logging/setLevel (before 2026-07-28). */
  canSetLevel: boolean;
};

const SET_LEVEL_UNTIL = "2026-07-28";

function canSetLevel(connection: ServerConnection): boolean {
  const version = connection.protocolVersion();
  return Boolean(connection.snapshot().capabilities?.logging) && version !== null && version < SET_LEVEL_UNTIL;
}

/** The messages this caller's connection to the server received (a person's own, where the server is authorized per person). */
export async function serverLog(serverId: string, caller?: Caller): Promise<ServerLog> {
  const connection = await connectionFor(serverId, caller);
  const { principal } = connection;
  return {
    messages: serverMessages(serverId, principal),
    notices: serverNotices(serverId, principal),
    canSetLevel: canSetLevel(connection),
  };
}

/** logging/setLevel: the least severe level the server should send from now on. */
export async function setServerLogLevel(serverId: string, level: LoggingLevel, caller?: Caller): Promise<ServerLog> {
  const connection = await connected(serverId, caller);
  if (!canSetLevel(connection))
    throw new AppError(
      "bad_request:body",
      `${connection.config.name} takes no logging level: it declares no logging capability, or its revision (${connection.protocolVersion() ?? "unknown"}) has no logging/setLevel.`,
    );
  const client = await connection.ready();
  try {
    await client.setLoggingLevel(level, { timeout: PING_TIMEOUT_MS });
  } catch (error) {
    throw new AppError(
      "bad_gateway:server",
      `${connection.config.name} refused the level: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return serverLog(serverId, caller);
}

export type ProtocolView = { messages: ProtocolMessage[]; kept: number };

/** The JSON-RPC messages of this caller's connection to the server after `after` (all that are kept, for 0). */
export async function serverProtocol(serverId: string, caller: Caller | undefined, after: number): Promise<ProtocolView> {
  const { principal } = await connectionFor(serverId, caller);
  return { messages: protocolMessages(serverId, principal, after), kept: PROTOCOL_MESSAGES };
}
