// Write-ahead audit, tested by a crash: Toolscope's server process is killed (SIGKILL) in
// the middle of a batch of calls to a server that keeps a ledger of every call reaching it;
// after a restart on the same data, every call in the ledger has its audit record, completed
// or "interrupted", and the hash chain still verifies. Runs its own Toolscope on another port.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./test";
import { stdioCommand } from "../test/fixtures/spawn";
import { startOwnToolscope, type OwnToolscope } from "./own-toolscope";
import { e2ePort } from "./ports";

const PORT = e2ePort("TOOLSCOPE_E2E_CRASH_PORT", 3191);
const SERVER = "ledger";
const CALLS = 12;
/** Calls that answer at once, so that some records are completed before the kill. */
const QUICK = new Set([1, 2]);
const SLOW_MS = 15_000;
const SPACING_MS = 150;
/** Ledger entries to wait for before the kill: some calls have reached the server, not all. */
const KILL_AFTER = 6;

type AuditRecord = { id: string; outcome: string; arguments: { n?: number } };

let toolscope: OwnToolscope | undefined;
let dataDir = "";
let ledgerFile = "";
let configFile = "";

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function ledger(): number[] {
  const text = fs.existsSync(ledgerFile) ? fs.readFileSync(ledgerFile, "utf8") : "";
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => Number(line));
}

test.beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-crash-"));
  ledgerFile = path.join(dataDir, "ledger.txt");
  configFile = path.join(dataDir, "mcp.json");
  const entry = { ...stdioCommand("ledger.ts", "stdio"), env: { LEDGER_FILE: ledgerFile } };
  fs.writeFileSync(configFile, JSON.stringify({ mcpServers: { [SERVER]: entry } }));
});

test.afterAll(async () => {
  await toolscope?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("after a SIGKILL mid-batch, every call that reached the server has its audit record", async () => {
  test.setTimeout(150_000);
  const start = (): Promise<OwnToolscope> => startOwnToolscope({ port: PORT, dataDir, env: { TOOLSCOPE_CONFIG: configFile } });
  toolscope = await start();
  const first = toolscope;
  const tools = await fetch(`${first.baseUrl}/api/servers/${SERVER}/tools`, { headers: first.headers });
  expect(tools.status).toBe(200);
  expect((await tools.json()).tools.map((t: { name: string }) => t.name)).toEqual(["record"]);

  // The batch: calls started one after another, all in flight together; the quick ones answer.
  let killed = false;
  const answered = new Map<number, string>();
  const inFlight: Promise<void>[] = [];
  const firing = (async () => {
    for (let n = 1; n <= CALLS && !killed; n++) {
      const body = JSON.stringify({ arguments: { n, ms: QUICK.has(n) ? 0 : SLOW_MS } });
      inFlight.push(
        fetch(`${first.baseUrl}/api/servers/${SERVER}/tools/record/call`, { method: "POST", headers: first.headers, body })
          .then(async (response) => void answered.set(n, (await response.json()).status))
          .catch(() => undefined),
      );
      await sleep(SPACING_MS);
    }
  })();
  await expect.poll(() => ledger().length, { timeout: 30_000, intervals: [10] }).toBeGreaterThanOrEqual(KILL_AFTER);

  killed = true;
  first.signal("SIGKILL");
  await first.exited;
  await firing;
  await Promise.all(inFlight);

  const reached = ledger();
  expect(new Set(reached).size).toBe(reached.length);
  // The kill came mid-batch: quick calls completed, later ones had not been sent yet.
  expect(reached.length).toBeLessThan(CALLS);
  for (const n of QUICK) expect(answered.get(n)).toBe("ok");
  expect([...answered.keys()].every((n) => QUICK.has(n))).toBe(true);

  toolscope = await start();
  const second = toolscope;
  const listed = await fetch(`${second.baseUrl}/api/audit?server=${SERVER}&limit=500`, { headers: second.headers });
  expect(listed.status).toBe(200);
  const records = ((await listed.json()) as { records: AuditRecord[] }).records;
  expect(records.filter((r) => r.outcome === "pending")).toEqual([]);

  for (const n of reached) {
    const mine = records.filter((r) => r.arguments.n === n);
    expect(mine, `audit records of call n=${n}`).toHaveLength(1);
    expect(mine[0]!.outcome, `outcome of call n=${n}`).toBe(answered.has(n) ? "ok" : "interrupted");
  }
  // At least one call was cut off while the server held it.
  expect(records.some((r) => r.outcome === "interrupted" && reached.includes(r.arguments.n!))).toBe(true);

  const verify = await fetch(`${second.baseUrl}/api/audit/verify`, { headers: second.headers });
  expect(await verify.json()).toEqual({ ok: true, checked: records.length, firstBroken: null });
});
