import "server-only";
// Which Toolscope process answered: TOOLSCOPE_REPLICA_NAME, else the process's instance id
// (the one its audit records carry). Sent on every answer as X-Toolscope-Replica, so that an
// operator behind a load balancer can tell which replica served a request.
import { processInstance } from "@/lib/cluster/instances";
import { appConfig } from "@/lib/config/env";

export const REPLICA_HEADER = "x-toolscope-replica";

export function replicaName(): string {
  return appConfig().replica.name ?? processInstance().id;
}
