import "server-only";
// The process-wide set of connections, one per configured server. Kept on globalThis so
// that every route bundle Next.js builds shares the same connections.
import { appConfig } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { ServerConnection } from "./connection";
import { configuredServers } from "./registry";

const KEY = Symbol.for("toolscope.connections");
const globalStore = globalThis as typeof globalThis & { [KEY]?: Map<string, ServerConnection> };

function pool(): Map<string, ServerConnection> {
  let map = globalStore[KEY];
  if (!map) {
    map = new Map();
    globalStore[KEY] = map;
  }
  return map;
}

/** Every configured server's connection, created (and started connecting) on first use. */
export function allConnections(): ServerConnection[] {
  const map = pool();
  const timeout = appConfig().callTimeoutMs;
  return configuredServers().map((config) => {
    let connection = map.get(config.id);
    if (!connection) {
      connection = new ServerConnection(config, timeout);
      map.set(config.id, connection);
      connection.ready().catch(() => undefined); // the failure is kept in the snapshot
    }
    return connection;
  });
}

export function connectionFor(serverId: string): ServerConnection {
  const connection = allConnections().find((c) => c.config.id === serverId);
  if (!connection) throw new AppError("not_found:server", `There is no server with id "${serverId}".`);
  return connection;
}
