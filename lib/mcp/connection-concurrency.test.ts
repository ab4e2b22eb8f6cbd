// ServerConnection holds no lock around tool calls: calls to one server run side by side,
// over stdio and over Streamable HTTP (calls that arrive before it connects share one attempt:
// connection-in-memory.test.ts). The probe fixture's `sleep` tool counts the sleep
// calls running when it finishes, so the check rests on what the server saw overlap, with a
// wall-clock bound loose enough for a loaded two-core machine (serial calls would need 4.8 s).
import { afterAll, describe, expect, it } from "vitest";
import { toolResult } from "@/test/tool-result";
import { startHttpFixture, stdioCommand, type HttpFixture } from "@/test/fixtures/spawn";
import { ServerConnection } from "./connection";
import { ServerConfigSchema, type ServerConfig } from "../domain/server-config";

const CALLS = 16;
const SLEEP_MS = 300;
const BOUND_MS = 2_500;

const fixtures: HttpFixture[] = [];
afterAll(() => Promise.all(fixtures.map((fixture) => fixture.stop())));

async function probeConfig(mode: "stdio" | "http"): Promise<ServerConfig> {
  const id = `probe-concurrency-${mode}`;
  if (mode === "stdio") return ServerConfigSchema.parse({ id, name: id, transport: "stdio", ...stdioCommand("probe.ts") });
  const fixture = await startHttpFixture("probe.ts", "http");
  fixtures.push(fixture);
  return ServerConfigSchema.parse({ id, name: id, transport: "streamable-http", url: fixture.url });
}

/** Fires every call at once; returns how long they took together and what each sleep saw. */
async function sleepTogether(connection: ServerConnection): Promise<{ ms: number; running: number[] }> {
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: CALLS }, () => toolResult(connection, "sleep", { ms: SLEEP_MS })));
  const ms = performance.now() - started;
  return { ms, running: results.map((result) => (result.structuredContent as { running: number }).running) };
}

describe("concurrent calls to one server", () => {
  it.each(["stdio", "http"] as const)("run side by side over %s", async (mode) => {
    const connection = new ServerConnection(await probeConfig(mode), "database", 10_000);
    try {
      await connection.ready();
      await toolResult(connection, "sleep", { ms: 0 }); // the first call of a process is slow
      const { ms, running } = await sleepTogether(connection);
      expect(running).toHaveLength(CALLS);
      // Behind a lock every call would finish alone (1). Allow for late arrivals on a busy machine.
      expect(Math.max(...running)).toBeGreaterThanOrEqual(CALLS / 2);
      expect(ms).toBeLessThan(BOUND_MS);
    } finally {
      await connection.close();
    }
  });
});
