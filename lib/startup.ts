import "server-only";
// What runs once before Toolscope serves: configuration is checked, the database is
// migrated, calls left pending by a stopped run are marked interrupted, retention is
// scheduled, the bus to the other processes on the database starts (lib/cluster), tool lists
// are compared with the approved definitions (lib/pins) and the report cards people look at are
// made again (lib/report), and connections to the configured
// servers start in the background.
import { startAuditHeartbeat } from "@/lib/audit";
import { scheduleRetention } from "@/lib/retention";
import { appConfig } from "@/lib/config/env";
import { database, databaseTarget } from "@/lib/db";
import { describeTarget } from "@/lib/db/connect";
import { allConnections, connectionStates } from "@/lib/mcp/pool";
import { watchDefinitions } from "@/lib/pins/watch";
import { watchReportCards } from "@/lib/report/server-report";
import { scheduleApprovalSweep } from "@/lib/approvals/approvals";
import { callsInFlight } from "@/lib/calls/in-flight";
import { startClusterBus } from "@/lib/cluster";
import { installClusterHandlers } from "@/lib/server/cluster-handlers";
import { provideMetricSources } from "@/lib/metrics/metrics";
import { isDraining } from "@/lib/draining";
import { replicaName } from "@/lib/server/replica";
import { startTracing } from "@/lib/telemetry/tracing";

export async function startup(): Promise<void> {
  appConfig();
  await database();
  console.log(`[toolscope] audit log: ${describeTarget(databaseTarget())}`);
  // Calls that were in flight when Toolscope last stopped (or another Toolscope on this database
  // died): they may or may not have run. Those of processes still running stay theirs.
  await startAuditHeartbeat();
  scheduleRetention();
  const config = appConfig();
  // Each process would otherwise make its own in its data directory: servers one replica saved
  // would not decrypt on another, and sessions one signed would not be accepted by the next.
  if (databaseTarget().kind === "postgres" && (!config.secretKey || !config.auth.secret))
    console.warn(
      "[toolscope] PostgreSQL: every Toolscope process on this database needs the same TOOLSCOPE_SECRET_KEY and TOOLSCOPE_AUTH_SECRET; " +
        "unset, this one uses secrets of its own data directory (see docs/replicas.md).",
    );
  const bus = await startClusterBus(installClusterHandlers);
  if (bus.shared)
    console.log(
      `[toolscope] replica ${replicaName()}: ${bus.listening ? "listening to" : "reconnecting to"} the other replicas on this database`,
    );
  provideMetricSources({ connectionStates, callsInFlight, draining: isDraining });
  if (startTracing(replicaName())) console.log("[toolscope] exporting traces over OTLP (OTEL_EXPORTER_OTLP_* settings)");
  watchDefinitions();
  watchReportCards();
  scheduleApprovalSweep();
  for (const connection of await allConnections())
    console.log(`[toolscope] connecting to ${connection.config.name} (${connection.config.transport})`);
}
