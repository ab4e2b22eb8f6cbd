// How a tool call through ServerConnection ends when the server is slow, against the demo
// server over stdio: the per-server timeout (config.timeoutMs) ends a silent call as a
// timeout, progress notifications keep a long call alive, and the maximum total time
// (ten times the timeout) ends even a call that keeps reporting progress. And, against the
// probe fixture, whether the server is told to stop a call that timed out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolResult } from "@/test/tool-result";
import { DEMO_CLI } from "@/test/demo-client";
import { REPO_ROOT, stdioCommand } from "@/test/fixtures/spawn";
import { classifyCallError } from "@/lib/calls/classify-error";
import { ServerConnection } from "./connection";
import { ServerConfigSchema } from "../domain/server-config";
import { programArgs } from "@/test/programs";

type Progress = { progress: number; total?: number; message?: string };

const DEMO = { command: process.execPath, args: [...programArgs(DEMO_CLI), "stdio"], cwd: REPO_ROOT };
const textOf = (result: { content: { type: string; text?: string }[] }): string | undefined => result.content[0]?.text;

const connections: ServerConnection[] = [];
afterAll(() => Promise.all(connections.map((connection) => connection.close())));

/**
 * A connection over stdio whose calls time out after `timeoutMs` (the default given, 60 s,
 * must not apply). Calls first until one is answered in time: the very first call of a process
 * can take most of a second, more on a busy machine, which would eat into the short timeouts
 * under test.
 */
async function open(id: string, server: { command: string; args: string[]; cwd: string }, timeoutMs: number): Promise<ServerConnection> {
  const config = ServerConfigSchema.parse({ id, name: id, transport: "stdio", ...server, timeoutMs });
  const connection = new ServerConnection(config, "database", 60_000);
  connections.push(connection);
  await connection.ready();
  const warmUp = () =>
    connection.findTool("echo") ? toolResult(connection, "echo", { message: "warm-up" }) : toolResult(connection, "last_tick", {});
  for (let attempt = 1; ; attempt++) {
    const { error } = await timed(warmUp);
    if (!error) break;
    if (attempt === 20 || classifyCallError(error).status !== "timeout") throw error;
  }
  return connection;
}

/** Runs a call to its end: what it returned or threw, and how long it took. */
async function timed<T>(call: () => Promise<T>): Promise<{ value?: T; error?: unknown; ms: number }> {
  const started = performance.now();
  try {
    const value = await call();
    return { value, ms: performance.now() - started };
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
}

describe("call timeouts (demo server)", () => {
  let quick: ServerConnection;
  let patient: ServerConnection;
  beforeAll(async () => {
    [quick, patient] = await Promise.all([open("demo-timeout-1s", DEMO, 1_000), open("demo-timeout-800ms", DEMO, 800)]);
  }, 90_000);

  it("ends a call slower than the server's timeout as a timeout, and the connection stays usable", async () => {
    const caller = new AbortController();
    const seen: Progress[] = [];
    // One 4 s step: the only progress would come after the timeout.
    const { value, error, ms } = await timed(() =>
      toolResult(quick, "slow_task", { steps: 1, stepMs: 4_000 }, { signal: caller.signal, onprogress: (p) => seen.push(p) }),
    );
    expect(value).toBeUndefined();
    expect(caller.signal.aborted).toBe(false);
    expect(classifyCallError(error)).toEqual({ status: "timeout", message: "Request timed out" });
    expect(seen).toEqual([]);
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(ms).toBeLessThan(3_500);
    expect(quick.snapshot().status).toBe("ready");
    expect((await toolResult(quick, "echo", { message: "still here" })).content).toEqual([{ type: "text", text: "still here" }]);
  });

  it("keeps a call alive past the timeout while it reports progress more often than that", async () => {
    const seen: Progress[] = [];
    // 8 steps of 300 ms: 2.4 s in all, more than twice the 1 s timeout, with progress every 300 ms.
    const { value, error, ms } = await timed(() =>
      toolResult(quick, "slow_task", { steps: 8, stepMs: 300 }, { onprogress: (p) => seen.push(p) }),
    );
    expect(error).toBeUndefined();
    expect(value?.isError).toBeFalsy();
    expect(value?.content).toEqual([{ type: "text", text: "Finished 8 steps in about 2400 ms." }]);
    expect(ms).toBeGreaterThan(2_000);
    // The SDK may drop the last notification; the ones before it must all have arrived, in order.
    expect(seen.length).toBeGreaterThanOrEqual(7);
    expect(seen.slice(0, 7).map((p) => p.progress)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(seen[0]).toEqual({ progress: 1, total: 8, message: "Step 1 of 8" });
  });

  it("ends a call that keeps reporting progress once it reaches the maximum total time, ten times the timeout", async () => {
    // Timeout 800 ms, so at most 8 s in all; 60 steps of 200 ms would take 12 s. Progress every
    // 200 ms leaves 600 ms of slack before a loaded machine could turn this into a plain timeout.
    const caller = new AbortController();
    const seen: Progress[] = [];
    const { value, error, ms } = await timed(() =>
      toolResult(patient, "slow_task", { steps: 60, stepMs: 200 }, { signal: caller.signal, onprogress: (p) => seen.push(p) }),
    );
    expect(value).toBeUndefined();
    expect(classifyCallError(error)).toEqual({ status: "timeout", message: "Maximum total timeout exceeded" });
    expect(ms).toBeGreaterThanOrEqual(7_950);
    expect(ms).toBeLessThan(11_000);
    // Progress did arrive all along: it was the total, not a silence, that ended the call.
    expect(seen.length).toBeGreaterThanOrEqual(30);
    expect(patient.snapshot().status).toBe("ready");
  });
});

describe("telling the server to stop a call that timed out (probe fixture)", () => {
  it("sends notifications/cancelled when a call times out for want of progress", async () => {
    const connection = await open("probe-cancel-timeout", stdioCommand("probe.ts"), 500);
    // Ticks 800 ms apart: no progress arrives in time to reset the 500 ms timeout.
    const error = await toolResult(connection, "tick", { steps: 5, stepMs: 800 }).catch((e: unknown) => e);
    expect(classifyCallError(error)).toEqual({ status: "timeout", message: "Request timed out" });
    await expect.poll(async () => textOf(await toolResult(connection, "last_tick", {})), { timeout: 10_000 }).toBe("cancelled");
  });

  // The SDK's own maxTotalTimeout rejects the call without notifications/cancelled (SDK 2.4:
  // Protocol._onprogress skips cancel()), leaving the tool running on the server. Toolscope
  // enforces the total itself with an abort, which does cancel.
  it("sends notifications/cancelled when a call reaches the maximum total time", async () => {
    // Timeout 400 ms, so at most 4 s in all; 30 ticks of 200 ms would take 6 s.
    const connection = await open("probe-cancel-total", stdioCommand("probe.ts"), 400);
    const error = await toolResult(connection, "tick", { steps: 30, stepMs: 200 }, { onprogress: () => undefined }).catch(
      (e: unknown) => e,
    );
    expect(classifyCallError(error)).toEqual({ status: "timeout", message: "Maximum total timeout exceeded" });
    await expect.poll(async () => textOf(await toolResult(connection, "last_tick", {})), { timeout: 10_000 }).toBe("cancelled");
  });
});
