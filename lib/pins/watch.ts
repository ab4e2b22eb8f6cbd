import "server-only";
// Every tool list any connection takes is compared with the approved definitions, from the first
// one on: installed once per process at start-up (lib/startup.ts).
import { watchToolLists } from "@/lib/mcp/pool";
import { processWide } from "@/lib/process-wide";
import { reconcileDefinitions } from "./reconcile";

const installed = processWide("definition-watch", () => ({ done: false }));

export function watchDefinitions(): void {
  if (installed.done) return;
  installed.done = true;
  watchToolLists((serverId, tools) => {
    reconcileDefinitions(serverId, tools).catch((error: unknown) =>
      console.error(`[toolscope] ${serverId}: checking tool definitions failed:`, error instanceof Error ? error.message : error),
    );
  });
}
