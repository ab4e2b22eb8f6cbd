import "server-only";
// A graceful stop (SIGTERM, as from an orchestrator's rolling restart, or Ctrl+C):
//   1. stop taking work: readiness answers 503, new requests are refused with 503 and
//      `Connection: close` (a load balancer retries them elsewhere), the listening socket closes;
//   2. end the live feeds (browsers' EventSource reconnect, through the load balancer, elsewhere);
//   3. let calls in flight finish, up to TOOLSCOPE_SHUTDOWN_GRACE_MS;
//   4. interrupt those still running: each record says "interrupted", each caller is answered;
//   5. mark whatever this process still has pending interrupted, close connections and exit.
// A rolling restart thus loses no call's outcome. A second signal skips the wait.
import type http from "node:http";
import { retireFromAuditLog } from "@/lib/audit";
import { callsInFlight, interruptAllCalls } from "@/lib/calls/in-flight";
import { clusterBus } from "@/lib/cluster";
import { appConfig } from "@/lib/config/env";
import { database } from "@/lib/db";
import { closeAllEventStreams } from "@/lib/http/sse";
import { allConnections } from "@/lib/mcp/pool";
import { stopTracing } from "@/lib/telemetry/tracing";
import { drainState } from "./draining";

const POLL_MS = 50;
/** After interrupting: how long the interrupted calls get to write their records and answer. */
const SETTLE_MS = 3_000;
/** Closing the MCP connections (stdio servers to stop) may not hold the exit up longer. */
const CLOSE_MS = 2_000;

function log(message: string): void {
  console.log(`[toolscope] shutdown: ${message}`);
}

async function until(done: () => boolean, ms: number, skip?: Promise<void>): Promise<boolean> {
  const deadline = Date.now() + ms;
  let skipped = false;
  void skip?.then(() => (skipped = true));
  while (!done() && !skipped && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  return done();
}

/** Drains this process and resolves once it may exit; `hurry` resolves when a second signal asks to stop now. */
export async function drain(servers: http.Server[], hurry: Promise<void>): Promise<void> {
  drainState.draining = true;
  const grace = appConfig().replica.shutdownGraceMs;
  for (const server of servers) {
    server.close();
    server.closeIdleConnections();
  }
  const feeds = closeAllEventStreams();
  const running = callsInFlight();
  log(`taking no new work; ${running} call(s) in flight, ${feeds} live feed(s) ended; waiting up to ${grace} ms`);
  if (!(await until(() => callsInFlight() === 0, grace, hurry))) {
    const interrupted = interruptAllCalls("Toolscope shut down before the call completed; the server may or may not have run it.");
    log(`${interrupted} call(s) still running: interrupted`);
    await until(() => callsInFlight() === 0, SETTLE_MS);
  }
  try {
    const marked = await retireFromAuditLog();
    if (marked > 0) log(`${marked} pending record(s) marked interrupted`);
  } catch (error) {
    console.error(`[toolscope] shutdown: marking pending records failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  for (const server of servers) server.closeAllConnections();
  const closing = allConnections().then((connections) => Promise.all(connections.map((connection) => connection.close())));
  await Promise.race([closing.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, CLOSE_MS).unref())]);
  await clusterBus()?.stop();
  await stopTracing();
  await (await database()).destroy().catch(() => undefined);
}
