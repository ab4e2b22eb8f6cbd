// Two Toolscope processes on one audit log (replicas, a rolling restart, a second instance on
// another port): a process starting up must leave the other's calls in flight to it, and a
// process that dies has its calls marked "interrupted" by the one still running.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./test";
import { startOwnToolscope, type OwnToolscope } from "./own-toolscope";
import { e2ePort } from "./ports";

const PORTS = [e2ePort("TOOLSCOPE_E2E_SHARED_PORT_A", 3193), e2ePort("TOOLSCOPE_E2E_SHARED_PORT_B", 3194)];

type AuditRecord = { id: string; outcome: string; tool_name: string };

let dataDir = "";
const running: OwnToolscope[] = [];

test.beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-shared-"));
  // An explicit, empty config: only the bundled demo server, whatever mcp.json the repo holds.
  fs.writeFileSync(path.join(dataDir, "mcp.json"), JSON.stringify({ mcpServers: {} }));
});

test.afterAll(async () => {
  await Promise.all(running.map((toolscope) => toolscope.stop()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(port: number): Promise<OwnToolscope> {
  const toolscope = await startOwnToolscope({
    port,
    dataDir,
    env: { TOOLSCOPE_DEMO_SERVER: "on", TOOLSCOPE_CONFIG: path.join(dataDir, "mcp.json") },
  });
  running.push(toolscope);
  return toolscope;
}

/** Starts a slow_task call (steps × 500 ms) and resolves with its answer. */
function slowCall(toolscope: OwnToolscope, steps: number): Promise<{ status: string; auditId: string }> {
  return fetch(`${toolscope.baseUrl}/api/servers/demo/tools/slow_task/call`, {
    method: "POST",
    headers: toolscope.headers,
    body: JSON.stringify({ arguments: { steps, stepMs: 500 } }),
  }).then((response) => response.json());
}

async function slowRecords(toolscope: OwnToolscope): Promise<AuditRecord[]> {
  const response = await fetch(`${toolscope.baseUrl}/api/audit?tool=slow_task&limit=50`, { headers: toolscope.headers });
  return ((await response.json()) as { records: AuditRecord[] }).records;
}

test("a second process leaves the first one's calls to it, and marks them once the first is gone", async () => {
  test.setTimeout(120_000);
  const first = await start(PORTS[0]!);
  // Long enough to outlast the second process's start on a busy machine; awaited below anyway.
  const answer = slowCall(first, 50);
  await expect.poll(async () => (await slowRecords(first)).map((r) => r.outcome), { timeout: 30_000 }).toEqual(["pending"]);

  // The second process starts while the call is in flight: its start-up pass must not take it.
  const second = await start(PORTS[1]!);
  expect((await slowRecords(second)).map((r) => r.outcome)).toEqual(["pending"]);
  const { status, auditId } = await answer;
  expect(status).toBe("ok");
  const completed = await fetch(`${second.baseUrl}/api/audit/${auditId}`, { headers: second.headers });
  expect(((await completed.json()) as { record: AuditRecord }).record.outcome).toBe("ok");

  // The first process dies mid-call: the second marks the call within one heartbeat (15 s).
  const cutOff = slowCall(first, 60).catch(() => undefined);
  await expect.poll(async () => (await slowRecords(second)).filter((r) => r.outcome === "pending").length, { timeout: 30_000 }).toBe(1);
  first.signal("SIGKILL");
  await first.exited;
  await cutOff;
  await expect
    .poll(async () => (await slowRecords(second)).map((r) => r.outcome), { timeout: 40_000, intervals: [1_000] })
    .toEqual(["interrupted", "ok"]);

  const verify = await fetch(`${second.baseUrl}/api/audit/verify`, { headers: second.headers });
  expect(await verify.json()).toEqual({ ok: true, checked: 2, firstBroken: null });
});
