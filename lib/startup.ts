import "server-only";
// What runs once before Toolscope serves: configuration is checked, the database is
// migrated, and connections to the configured servers start in the background.
import { appConfig } from "@/lib/config/env";
import { database, databaseTarget } from "@/lib/db";
import { describeTarget } from "@/lib/db/connect";
import { allConnections } from "@/lib/mcp/pool";

export async function startup(): Promise<void> {
  appConfig();
  await database();
  console.log(`[toolscope] audit log: ${describeTarget(databaseTarget())}`);
  for (const connection of await allConnections())
    console.log(`[toolscope] connecting to ${connection.config.name} (${connection.config.transport})`);
}
