import "server-only";
// The process-wide set of connections, one per registered server, following the registry:
// a new server gets a connection, a changed one a fresh connection (one whose trust alone changed
// keeps its own), a removed one is closed.
import { appConfig } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { processWide } from "@/lib/process-wide";
import { ServerConnection } from "./connection";
import { registeredServers, type RegisteredServer } from "./registry";
import type { Caller } from "@/lib/domain/roles";
import type { Tool } from "@/lib/domain/mcp-types";
import { principalFor } from "@/lib/oauth/oauth-target";
import { SHARED, type Principal } from "@/lib/oauth/oauth-store";
import { clusterBus } from "@/lib/cluster";
import { forgetServerMessages } from "./server-messages";

type Entry = { connection: ServerConnection; fingerprint: string };

type Pool = {
  byId: Map<string, Entry>;
  /**
   * Connections that use one person's own OAuth authorization (lib/oauth/oauth-target.ts), by
   * server id and person: created when a person first reaches a server that asks for OAuth.
   */
  personal: Map<string, ServerConnection>;
  /** When each personal connection was last reached for. */
  lastUsed: Map<string, number>;
  sweeper?: NodeJS.Timeout;
  /** The registry's list the pool was last brought in line with, and the connections for it. */
  syncedWith?: RegisteredServer[];
  list?: ServerConnection[];
  /** Toolscope is stopping: its connections are closed and no other is opened (no server started). */
  closing?: boolean;
};
const pool = processWide<Pool>("connections", () => ({ byId: new Map(), personal: new Map(), lastUsed: new Map() }));

/** Every registered server's connection, in registry order, created (and connecting) on first use. */
export async function allConnections(): Promise<ServerConnection[]> {
  if (pool.closing) return pool.list ?? [];
  const servers = await registeredServers();
  // The registry answers the same list until it changes: nothing to bring in line (every call asks).
  if (pool.syncedWith === servers && pool.list) return pool.list;
  pool.list = sync(servers);
  pool.syncedWith = servers;
  return pool.list;
}

function sync(servers: RegisteredServer[]): ServerConnection[] {
  const map = pool.byId;
  const timeout = appConfig().callTimeoutMs;
  const live = new Set(servers.map((s) => s.config.id));
  for (const [id, entry] of map) {
    if (!live.has(id)) {
      map.delete(id);
      void entry.connection.close();
      forgetServerMessages(id);
    }
  }
  // A personal connection follows its server's: gone or changed, it goes.
  for (const [key, connection] of pool.personal) {
    const current = map.get(connection.config.id)?.connection;
    if (!live.has(connection.config.id) || (current && current.config !== connection.config)) {
      pool.personal.delete(key);
      void connection.close();
    }
  }
  return servers.map(({ config, source }) => {
    const fingerprint = JSON.stringify([{ ...config, trusted: undefined }, source]);
    const existing = map.get(config.id);
    if (existing?.fingerprint === fingerprint) {
      // Only the trust changed (or nothing): the same connections, believing what they now should.
      if (existing.connection.config !== config) {
        for (const personal of pool.personal.values()) if (personal.config === existing.connection.config) personal.retrust(config);
        existing.connection.retrust(config);
      }
      return existing.connection;
    }
    if (existing) {
      void existing.connection.close();
      // A reconfigured server starts a log of its own.
      forgetServerMessages(config.id);
    }
    for (const [key, personal] of pool.personal)
      if (personal.config.id === config.id) {
        pool.personal.delete(key);
        void personal.close();
      }
    const connection = announcingChanges(new ServerConnection(config, source, timeout));
    map.set(config.id, { connection, fingerprint });
    connection.ready().catch(() => undefined); // the failure is kept in the snapshot
    return connection;
  });
}

/**
 * A server's connection for a caller: the shared one, unless the server asks for OAuth and the
 * caller authorizes for themselves (lib/oauth/oauth-target.ts), then their own. Without a
 * caller (startup, internal work), the shared one.
 */
export async function connectionFor(serverId: string, caller?: Caller): Promise<ServerConnection> {
  await allConnections();
  const connection = pool.byId.get(serverId)?.connection;
  if (!connection) throw new AppError("not_found:server", `There is no server with id "${serverId}".`);
  return caller ? forCaller(connection, caller) : connection;
}

/** Every registered server's connection as a caller reaches it (see connectionFor). */
export async function connectionsFor(caller: Caller): Promise<ServerConnection[]> {
  return Promise.all((await allConnections()).map((connection) => forCaller(connection, caller)));
}

async function forCaller(shared: ServerConnection, caller: Caller): Promise<ServerConnection> {
  const config = shared.config;
  if (config.transport === "stdio") return shared;
  const principal = await principalFor(config, caller);
  if (principal === SHARED) return shared;
  // Whether the server asks for OAuth is known once the shared connection has tried: a person
  // who has their own authorization must not be handed the shared one meanwhile (after a restart).
  if (shared.snapshot().status === "connecting") await shared.ready().catch(() => undefined);
  if (!shared.needsAuthorization()) return shared;
  return personalConnection(shared, principal);
}

/** A person's own connection to a server (see connectionFor). */
export function personalConnection(shared: ServerConnection, principal: Principal): ServerConnection {
  const key = `${shared.config.id}\n${principal}`;
  pool.lastUsed.set(key, Date.now());
  sweepIdleSoon();
  let connection = pool.personal.get(key);
  if (connection && connection.config === shared.config) return connection;
  if (connection) void connection.close();
  connection = announcingChanges(new ServerConnection(shared.config, shared.source, appConfig().callTimeoutMs, principal));
  pool.personal.set(key, connection);
  connection.ready().catch(() => undefined); // the failure is kept in the snapshot
  return connection;
}

/** A person's connection nobody has reached for this long is closed (it reopens on the next request). */
export const PERSONAL_IDLE_MS = 30 * 60_000;

function sweepIdleSoon(): void {
  if (pool.sweeper) return;
  pool.sweeper = setInterval(() => closeIdlePersonalConnections(Date.now()), 60_000);
  pool.sweeper.unref();
}

/** Closes the personal connections idle since before `now - PERSONAL_IDLE_MS` with nothing in flight (exported for tests). */
export function closeIdlePersonalConnections(now: number): string[] {
  const closed: string[] = [];
  for (const [key, connection] of pool.personal) {
    if (now - (pool.lastUsed.get(key) ?? 0) < PERSONAL_IDLE_MS || connection.hasCallsInFlight()) continue;
    pool.personal.delete(key);
    pool.lastUsed.delete(key);
    void connection.close();
    closed.push(key);
  }
  return closed;
}

/** The live connections that use a principal's authorization of a server (to reconnect after it changes). */
export function connectionsOf(serverId: string, principal: Principal): ServerConnection[] {
  if (principal === SHARED) {
    const shared = pool.byId.get(serverId)?.connection;
    return shared ? [shared] : [];
  }
  const personal = pool.personal.get(`${serverId}\n${principal}`);
  return personal ? [personal] : [];
}

/**
 * A change a server announces on this process's connection is told to the other Toolscope
 * processes, whose connections may not hear it (a session that missed it, a stdio server of
 * their own): they list the server's tools again (refreshToolsOf), and every open tab hears.
 */
/** Told of every tool list any connection takes (lib/pins compares each with the approved definitions). */
type ToolListWatcher = (serverId: string, tools: readonly Tool[]) => void;
const watchers = processWide("tool-list-watchers", () => new Set<ToolListWatcher>());

export function watchToolLists(watcher: ToolListWatcher): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

type FeatureListWatcher = (serverId: string, list: "resources" | "prompts") => void;
const featureWatchers = processWide("feature-list-watchers", () => new Set<FeatureListWatcher>());

/** Calls `watcher` when a server this process is connected to says its resources or prompts changed. */
export function watchFeatureLists(watcher: FeatureListWatcher): () => void {
  featureWatchers.add(watcher);
  return () => featureWatchers.delete(watcher);
}

/** Tells this process's watchers that a server's resources or prompts changed (heard here, or by another process). */
export function featureListChanged(serverId: string, list: "resources" | "prompts"): void {
  for (const watcher of featureWatchers) watcher(serverId, list);
}

function announcingChanges(connection: ServerConnection): ServerConnection {
  connection.subscribe((event) => {
    if (event.type === "list") {
      featureListChanged(connection.config.id, event.list);
      // The agents of other processes hear it too: their connections to the server may not have.
      void clusterBus()?.broadcast("features-changed", { serverId: connection.config.id, list: event.list });
    }
    if (event.type !== "tools") return;
    if (event.announced) void clusterBus()?.broadcast("tools-changed", { serverId: connection.config.id });
    for (const watcher of watchers) watcher(connection.config.id, event.catalog.tools);
  });
  return connection;
}

/** Lists a server's tools again on every connection this process holds to it (another process heard a change). */
export async function refreshToolsOf(serverId: string): Promise<void> {
  const connections = [pool.byId.get(serverId)?.connection, ...[...pool.personal.values()].filter((c) => c.config.id === serverId)];
  await Promise.all(connections.map((connection) => connection?.refreshListedTools()));
}

/**
 * Closes every connection this process holds and opens no other: Toolscope stops. Resolves once
 * each is closed, each stdio server's process gone (stdin closed, then SIGTERM, then SIGKILL).
 */
export async function closeAllConnections(): Promise<void> {
  pool.closing = true;
  clearInterval(pool.sweeper);
  const connections = [...[...pool.byId.values()].map((entry) => entry.connection), ...pool.personal.values()];
  await Promise.all(connections.map((connection) => connection.close()));
}

/** How many connections this process holds, by state (/metrics). */
export function connectionStates(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const connection of [...[...pool.byId.values()].map((entry) => entry.connection), ...pool.personal.values()]) {
    const status = connection.snapshot().status;
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return counts;
}
