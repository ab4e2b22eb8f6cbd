import "server-only";
// A graceful stop (SIGTERM, as from an orchestrator's rolling restart, or Ctrl+C):
//   1. stop taking work: readiness answers 503, new requests are refused with 503 and
//      `Connection: close` (a load balancer retries them elsewhere), the listening socket closes;
//   2. end the live feeds (browsers' EventSource reconnect, through the load balancer, elsewhere);
//   3. let calls in flight finish, up to TOOLSCOPE_SHUTDOWN_GRACE_MS;
//   4. interrupt those still running: each record says "interrupted", each caller is answered;
//   5. mark whatever this process still has pending interrupted, close connections and exit;
//      each stdio server gets stdin closed, then SIGTERM, then SIGKILL, and is waited for, so
//      that none Toolscope started outlives it.
// A rolling restart thus loses no call's outcome. A second signal skips the wait.
import type http from "node:http";
import { retireFromAuditLog } from "@/lib/audit";
import { callsInFlight, interruptAllCalls } from "@/lib/calls/in-flight";
import { clusterBus } from "@/lib/cluster";
import { appConfig } from "@/lib/config/env";
import { database } from "@/lib/db";
import { closeAllEventStreams } from "@/lib/http/sse";
import { closeAllConnections } from "@/lib/mcp/pool";
import { closeGateway } from "@/lib/gateway/gateway-http";
import { stopTracing } from "@/lib/telemetry/tracing";
import { drainState } from "../draining";

const POLL_MS = 50;
/** After interrupting: how long the interrupted calls get to write their records and answer. */
const SETTLE_MS = 3_000;
/**
 * Closing the MCP connections may not hold the exit up longer. Long enough for the SDK's way of
 * stopping a stdio server (stdin closed, 2 s, SIGTERM, 2 s, SIGKILL) and the process to go: cut
 * shorter, a server that outlives its stdin would outlive Toolscope.
 */
const CLOSE_MS = 6_000;

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
async function drain(servers: http.Server[], hurry: Promise<void>): Promise<void> {
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
  await closeGateway().catch(() => undefined);
  for (const server of servers) server.closeAllConnections();
  await Promise.race([closeAllConnections().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, CLOSE_MS).unref())]);
  await clusterBus()?.stop();
  await stopTracing();
  await (await database()).destroy().catch(() => undefined);
}

/**
 * Stops this process gracefully on SIGINT or SIGTERM: no new work, calls in flight finish up to
 * the grace period, the rest are interrupted and recorded so (drain). A second signal stops
 * waiting; a third exits at once.
 */
export function stopOnSignals(servers: http.Server[]): void {
  let signals = 0;
  let hurry: () => void = () => undefined;
  const hurried = new Promise<void>((resolve) => (hurry = resolve));
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      signals++;
      if (signals === 2) hurry();
      if (signals > 2) process.exit(1);
      if (signals > 1) return;
      console.log(`[toolscope] ${signal}: shutting down`);
      // Whatever happens, the process goes: the grace period, interrupting, closing, and a margin.
      setTimeout(() => process.exit(1), appConfig().replica.shutdownGraceMs + 15_000).unref();
      drain(servers, hurried)
        .catch((error: unknown) => console.error("[toolscope] shutdown failed:", error))
        .finally(() => process.exit(0));
    });
  }
}
