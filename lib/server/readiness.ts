import "server-only";
// Readiness, apart from liveness (/api/health): whether a load balancer should send this
// process work now. Not while it starts or shuts down, nor while it cannot reach the database
// or, with replicas, cannot hear the others (lib/cluster): cancels and answers to input
// requests would not reach the calls they are for.
import { sql } from "kysely";
import { clusterBus } from "@/lib/cluster";
import { database } from "@/lib/db";
import { isDraining } from "../draining";
import { replicaName } from "./replica";

export type Readiness = {
  ready: boolean;
  replica: string;
  /** Why not, when not. */
  reason?: string;
  database: "ok" | "unreachable";
  /** "single": SQLite, no other process to hear. */
  bus: "listening" | "not listening" | "single";
};

const DATABASE_TIMEOUT_MS = 2_000;

export async function readiness(): Promise<Readiness> {
  const replica = replicaName();
  const bus = clusterBus();
  const busState: Readiness["bus"] = !bus || !bus.shared ? "single" : bus.listening ? "listening" : "not listening";
  let databaseState: Readiness["database"] = "ok";
  try {
    const db = await database();
    await Promise.race([
      sql`select 1`.execute(db),
      new Promise((_resolve, reject) => setTimeout(() => reject(new Error("timed out")), DATABASE_TIMEOUT_MS).unref()),
    ]);
  } catch {
    databaseState = "unreachable";
  }
  const reason = isDraining()
    ? "shutting down"
    : databaseState !== "ok"
      ? "the database does not answer"
      : busState === "not listening"
        ? "not listening to the other replicas (PostgreSQL notifications)"
        : !bus
          ? "starting"
          : undefined;
  return { ready: reason === undefined, replica, ...(reason ? { reason } : {}), database: databaseState, bus: busState };
}
