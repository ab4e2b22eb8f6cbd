// Two Toolscope processes on one audit log (replicas, a rolling restart, a second instance on
// another port): a process starting up must leave the other's calls in flight to it, and a
// process that dies has its calls marked "interrupted" by the one still running.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startDemoHttpServer, type DemoHttpServer } from "../lib/demo-server/http";
import { expect, test } from "./test";
import { startMcpSpy, type McpSpy } from "./mcp-spy";
import { startOwnToolscope, type OwnToolscope } from "./own-toolscope";
import { e2ePort } from "./ports";

const PORTS = [e2ePort("TOOLSCOPE_E2E_SHARED_PORT_A", 3193), e2ePort("TOOLSCOPE_E2E_SHARED_PORT_B", 3194)];

type AuditRecord = { id: string; outcome: string; tool_name: string };

/** The demo over HTTP behind a spy that holds its tools/call requests until the test releases them. */
const HELD = "held";
let demo: DemoHttpServer | undefined;
let spy: McpSpy | undefined;
let dataDir = "";
const running: OwnToolscope[] = [];

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-shared-"));
  demo = await startDemoHttpServer({});
  spy = await startMcpSpy(demo.url, { holdCalls: true });
  // An explicit config: the held server and the bundled demo, whatever mcp.json the repo holds.
  fs.writeFileSync(
    path.join(dataDir, "mcp.json"),
    JSON.stringify({ mcpServers: { [HELD]: { type: "http", url: spy.url, trusted: true } } }),
  );
});

test.afterAll(async () => {
  await Promise.all(running.map((toolscope) => toolscope.stop()));
  spy?.release();
  await spy?.close();
  await demo?.close();
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

/** Calls the held server's echo: it stays in flight until the spy lets it through. */
function heldCall(toolscope: OwnToolscope): Promise<{ status: string; auditId: string }> {
  return fetch(`${toolscope.baseUrl}/api/servers/${HELD}/tools/echo/call`, {
    method: "POST",
    headers: toolscope.headers,
    body: JSON.stringify({ arguments: { message: "held" } }),
  }).then((response) => response.json());
}

/** Starts a slow_task call (steps × 500 ms) and resolves with its answer. */
function slowCall(toolscope: OwnToolscope, steps: number): Promise<{ status: string; auditId: string }> {
  return fetch(`${toolscope.baseUrl}/api/servers/demo/tools/slow_task/call`, {
    method: "POST",
    headers: toolscope.headers,
    body: JSON.stringify({ arguments: { steps, stepMs: 500 } }),
  }).then((response) => response.json());
}

async function records(toolscope: OwnToolscope, tool: string): Promise<AuditRecord[]> {
  const response = await fetch(`${toolscope.baseUrl}/api/audit?tool=${tool}&limit=50`, { headers: toolscope.headers });
  return ((await response.json()) as { records: AuditRecord[] }).records;
}

const slowRecords = (toolscope: OwnToolscope): Promise<AuditRecord[]> => records(toolscope, "slow_task");

test("a second process leaves the first one's calls to it, and marks them once the first is gone", async () => {
  test.setTimeout(120_000);
  const first = await start(PORTS[0]!);
  // In flight until the second process is up and has looked, however long its start takes.
  const answer = heldCall(first);
  await expect.poll(() => spy!.calls.length, { timeout: 30_000 }).toBe(1);
  await expect.poll(async () => (await records(first, "echo")).map((r) => r.outcome)).toEqual(["pending"]);

  // The second process starts while the call is in flight: its start-up pass must not take it.
  const second = await start(PORTS[1]!);
  expect((await records(second, "echo")).map((r) => r.outcome)).toEqual(["pending"]);
  spy!.release();
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
    .toEqual(["interrupted"]);

  const verify = await fetch(`${second.baseUrl}/api/audit/verify`, { headers: second.headers });
  expect(await verify.json()).toEqual({ ok: true, checked: 2, firstBroken: null });
});
