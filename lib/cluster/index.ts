import "server-only";
// This process's end of the bus between Toolscope processes (bus.ts), one per process, started
// with Toolscope (lib/startup.ts) once the database is migrated. Before that, and in scripts
// and tests that never start it, there is no bus: nothing is said to anyone.
import { processInstance } from "@/lib/cluster/instances";
import { secretKeyFor } from "@/lib/crypto/secret-box";
import { database, databaseTarget } from "@/lib/db";
import { processWide } from "@/lib/process-wide";
import { ClusterBus } from "./bus";

const state = processWide("cluster-bus", () => ({ bus: undefined as ClusterBus | undefined }));

/** The bus, once Toolscope has started it. */
export function clusterBus(): ClusterBus | undefined {
  return state.bus;
}

/** Creates and starts the bus; `install` gives it its handlers before it listens. */
export async function startClusterBus(install: (bus: ClusterBus) => void): Promise<ClusterBus> {
  if (state.bus) return state.bus;
  const bus = new ClusterBus(await database(), databaseTarget(), processInstance().id, secretKeyFor("cluster bus v1"));
  install(bus);
  state.bus = bus;
  await bus.start();
  return bus;
}
