// Nothing lost when Toolscope is killed (SIGKILL) with 16 calls in flight: every call it answered
// is in the log, completed as it was answered; every call it had started is there too, and the next
// start marks those "interrupted"; the hash chain verifies. Toolscope runs as a process of its own
// (test/toolscope-process.ts: the real start-up and front door, SQLite), against the demo server.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoHttpServer, type DemoHttpServer } from "@/lib/demo-server/http";
import { openDatabase } from "@/lib/db/connect";
import { startToolscopeProcess, TOOLSCOPE_PROCESS_STARTUP_MS, type ToolscopeProcess } from "@/test/start-toolscope-process";
import { createAuditStore } from "./store";

const IN_FLIGHT = 16;
/** Calls answered before the kill: enough that group commits of many writes are under way. */
const ANSWERED_BEFORE_KILL = 200;

let dir: string;
let demo: DemoHttpServer;
const running: ChildProcess[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-durability-"));
  demo = await startDemoHttpServer({});
  const mcpServers = { demo: { type: "streamable-http", url: demo.url } };
  fs.writeFileSync(path.join(dir, "mcp.json"), JSON.stringify({ mcpServers }));
});

afterAll(async () => {
  for (const child of running) child.kill("SIGKILL");
  await demo?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Toolscope on the data dir, with the demo server connected. */
async function startToolscope(): Promise<ToolscopeProcess> {
  const started = await startToolscopeProcess({
    TOOLSCOPE_DATA_DIR: path.join(dir, "data"),
    TOOLSCOPE_CONFIG: path.join(dir, "mcp.json"),
    TOOLSCOPE_DEMO_SERVER: "off",
  });
  running.push(started.child);
  return started;
}

type Answer = { status: string; auditId: string };

/** One call: echo, or a short slow_task (so that some are mid-call when the process dies). */
async function call(base: string, n: number): Promise<Answer> {
  const [tool, args] = n % 4 === 0 ? ["slow_task", { steps: 1, stepMs: 10 + (n % 40) }] : ["echo", { message: `call ${n}` }];
  const response = await fetch(`${base}/api/servers/demo/tools/${tool}/call`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ arguments: args }),
  });
  if (response.status !== 200) throw new Error(`${tool}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as Answer;
}

describe("the audit log when Toolscope is killed with calls in flight", () => {
  it(
    "keeps every answered call completed, marks the rest interrupted, and its chain verifies",
    async () => {
      const first = await startToolscope();
      const answered: Answer[] = [];
      const failures: unknown[] = [];
      let next = 0;
      let killed = false;
      const died = new Promise<void>((resolve) => first.child.once("exit", () => resolve()));
      const worker = async (): Promise<void> => {
        while (!killed) {
          try {
            const answer = await call(first.base, next++);
            if (killed) return;
            answered.push(answer);
          } catch (error) {
            // Once the process is killed, a call in flight fails: that is the point.
            if (!killed) failures.push(error);
            return;
          }
          if (answered.length >= ANSWERED_BEFORE_KILL && !killed) {
            killed = true;
            first.child.kill("SIGKILL");
          }
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      await died;
      expect(failures, first.output()).toEqual([]);
      expect(answered.every((answer) => answer.status === "ok")).toBe(true);

      const file = path.join(dir, "data", "toolscope.db");
      const db = openDatabase({ kind: "sqlite", file });
      try {
        const outcomes = new Map(
          (await db.selectFrom("audit_log").select(["id", "outcome", "chain_seq"]).execute()).map((row) => [row.id, row]),
        );
        // Every answered call: there, and completed as it was answered (written before the answer left).
        const missing = answered.filter((answer) => outcomes.get(answer.auditId)?.outcome !== "ok");
        expect(missing).toEqual([]);
        expect(answered.every((answer) => outcomes.get(answer.auditId)!.chain_seq !== null)).toBe(true);
        // Nothing else completed that nobody was told of, beyond the calls that were in flight.
        expect(outcomes.size).toBeGreaterThanOrEqual(answered.length);
        expect(outcomes.size).toBeLessThanOrEqual(answered.length + IN_FLIGHT);
        const left = [...outcomes.values()].filter((row) => row.outcome === "pending").map((row) => row.id);

        // The next start marks what the killed process left pending; the chain holds every record.
        const second = await startToolscope();
        const after = await db
          .selectFrom("audit_log")
          .select(["id", "outcome"])
          .where("id", "in", left.length ? left : [""])
          .execute();
        expect(
          after.filter((row) => row.outcome !== "interrupted"),
          second.output(),
        ).toEqual([]);
        const report = await createAuditStore(db, { instance: null }).verifyChain();
        expect(report).toMatchObject({ ok: true });
        expect(report.checked).toBe(outcomes.size);
        second.child.kill("SIGTERM");
      } finally {
        await db.destroy();
      }
    },
    TOOLSCOPE_PROCESS_STARTUP_MS * 2 + 60_000,
  );
});
