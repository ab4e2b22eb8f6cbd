import "server-only";
// What runs once before Toolscope serves: configuration is checked, the database is
// migrated, calls left pending by a stopped run are marked interrupted, retention is
// scheduled, and connections to the configured servers start in the background.
import { startAuditHeartbeat } from "@/lib/audit";
import { scheduleRetention } from "@/lib/audit/retention";
import { appConfig } from "@/lib/config/env";
import { database, databaseTarget } from "@/lib/db";
import { describeTarget } from "@/lib/db/connect";
import { allConnections } from "@/lib/mcp/pool";

export async function startup(): Promise<void> {
  appConfig();
  await database();
  console.log(`[toolscope] audit log: ${describeTarget(databaseTarget())}`);
  // Calls that were in flight when Toolscope last stopped (or another Toolscope on this database
  // died): they may or may not have run. Those of processes still running stay theirs.
  await startAuditHeartbeat();
  scheduleRetention();
  for (const connection of await allConnections())
    console.log(`[toolscope] connecting to ${connection.config.name} (${connection.config.transport})`);
}
