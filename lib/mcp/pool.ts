import "server-only";
// The process-wide set of connections, one per registered server, following the registry:
// a new server gets a connection, a changed one a fresh connection, a removed one is closed.
import { appConfig } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { processWide } from "@/lib/process-wide";
import { ServerConnection } from "./connection";
import { registeredServers, type RegisteredServer } from "./registry";

type Entry = { connection: ServerConnection; fingerprint: string };

type Pool = {
  byId: Map<string, Entry>;
  /** The registry's list the pool was last brought in line with, and the connections for it. */
  syncedWith?: RegisteredServer[];
  list?: ServerConnection[];
};
const pool = processWide<Pool>("connections", () => ({ byId: new Map() }));

/** Every registered server's connection, in registry order, created (and connecting) on first use. */
export async function allConnections(): Promise<ServerConnection[]> {
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
    }
  }
  return servers.map(({ config, source }) => {
    const fingerprint = JSON.stringify([config, source]);
    const existing = map.get(config.id);
    if (existing?.fingerprint === fingerprint) return existing.connection;
    if (existing) void existing.connection.close();
    const connection = new ServerConnection(config, source, timeout);
    map.set(config.id, { connection, fingerprint });
    connection.ready().catch(() => undefined); // the failure is kept in the snapshot
    return connection;
  });
}

export async function connectionFor(serverId: string): Promise<ServerConnection> {
  await allConnections();
  const connection = pool.byId.get(serverId)?.connection;
  if (!connection) throw new AppError("not_found:server", `There is no server with id "${serverId}".`);
  return connection;
}
