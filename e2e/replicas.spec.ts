// Three Toolscope replicas on one PostgreSQL database behind a round-robin proxy (e2e/replicas.ts),
// used through the proxy as people and scripts use a hosted Toolscope: no sticky sessions, so
// the halves of one conversation land on different replicas, and the tests say which replica
// answered each (X-Toolscope-Replica). One MCP server (the demo, over HTTP) serves them all,
// behind a spy that notes the calls it receives and lets only one replica hear its list changes.
import type { Page, Response } from "@playwright/test";
import { startDemoHttpServer, type DemoHttpServer } from "../lib/demo-server/http";
import { stdioCommand } from "../test/fixtures/spawn";
import { startMcpSpy, type McpSpy } from "./mcp-spy";
import { Workbench } from "./pages/workbench";
import { startReplicas, type Replicas } from "./replicas";
import { expect, test } from "./test";
import { e2ePort } from "./ports";

const PROXY_PORT = e2ePort("TOOLSCOPE_E2E_REPLICAS_PORT", 3270);
const NAMES = ["a", "b", "c"];
const SERVER = "shared";

let demo: DemoHttpServer;
let spy: McpSpy;
let cluster: Replicas;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: `http://127.0.0.1:${PROXY_PORT}` });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  demo = await startDemoHttpServer({});
  spy = await startMcpSpy(demo.url, { oneListener: true });
  cluster = await startReplicas({
    names: NAMES,
    ports: NAMES.map((_n, i) => PROXY_PORT + 1 + i),
    proxyPort: PROXY_PORT,
    // A stopping replica waits this long for its calls in flight, then interrupts them. Twenty times
    // a load call's length (below): on a machine busy enough to stretch 0.3 s calls past 1.5 s, a
    // shorter grace interrupted calls that a replica at ease would have finished.
    env: { TOOLSCOPE_SHUTDOWN_GRACE_MS: "6000" },
  });
  const added = await fetch(`${cluster.proxy.url}/api/servers`, {
    method: "POST",
    headers: cluster.headers,
    body: JSON.stringify({ id: SERVER, name: "Shared demo", url: spy.url }),
  });
  expect(added.status).toBe(201);
  // Every replica connects to it on its own.
  for (const replica of cluster.replicas)
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${replica.baseUrl}/api/servers/${SERVER}`)).json()) as { server: { status: string } }).server.status,
        {
          timeout: 20_000,
        },
      )
      .toBe("ready");
});

test.afterAll(async () => {
  await cluster?.close();
  await spy?.close();
  await demo?.close();
});

const replicaOf = (response: Response): string => response.headers()["x-toolscope-replica"] ?? "(none)";
const otherThan = (name: string): string => NAMES.find((n) => n !== name)!;

function api(path: string, init: RequestInit = {}): Promise<globalThis.Response> {
  return fetch(`${cluster.proxy.url}${path}`, { ...init, headers: { ...cluster.headers, ...(init.headers as Record<string, string>) } });
}

test("a slow tool's progress streams through the proxy, from the replica that runs it", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("slow_task", SERVER);
  await bench.field("steps").fill("12");
  await bench.field("stepMs").fill("200");
  const call = page.waitForResponse((r) => r.url().endsWith(`/api/servers/${SERVER}/tools/slow_task/call`));
  await bench.runButton.click();
  expect(NAMES).toContain(replicaOf(await call));
  await expect(page.getByTestId("progress-message")).toHaveText(/Step [2-9] of 12/, { timeout: 10_000 });
  await expect(bench.result).toHaveAttribute("data-status", "ok", { timeout: 15_000 });
  await expect(bench.result).toContainText("Finished 12 steps");
  // The page, its scripts, the catalog and the call were spread over the replicas.
  expect([...cluster.proxy.answeredBy.keys()].sort()).toEqual(NAMES);
});

test("a server's request for input is answered through another replica, and the call completes", async ({ page }) => {
  const bench = new Workbench(page);
  await bench.openTool("confirm_action", SERVER);
  await bench.field("action").fill("rotate the keys");
  const call = page.waitForResponse((r) => r.url().endsWith(`/api/servers/${SERVER}/tools/confirm_action/call`));
  await bench.runButton.click();
  const runsOn = replicaOf(await call);
  const answerTo = otherThan(runsOn);
  cluster.proxy.pin(/\/inputs\//, answerTo);
  try {
    await expect(page.getByTestId("input-message")).toHaveText("Do you want to rotate the keys?");
    const ask = page.getByTestId("input-request");
    await ask.getByLabel("Confirm").check();
    const answer = page.waitForResponse((r) => r.url().includes(`/api/servers/${SERVER}/inputs/`));
    await page.getByTestId("input-accept").click();
    const answered = await answer;
    expect(answered.status()).toBe(200);
    expect(replicaOf(answered)).toBe(answerTo);
    expect(answerTo).not.toBe(runsOn);
    await expect(bench.result).toHaveAttribute("data-status", "ok");
    await expect(bench.result).toContainText("Confirmed: rotate the keys (urgency normal).");
  } finally {
    cluster.proxy.pin(/\/inputs\//, undefined);
  }
});

test("a Cancel posted to another replica cancels the call where it runs", async () => {
  const started = await api(`/api/servers/${SERVER}/tools/slow_task/call`, {
    method: "POST",
    headers: { accept: "text/event-stream" },
    body: JSON.stringify({ arguments: { steps: 50, stepMs: 200 } }),
  });
  const runsOn = started.headers.get("x-toolscope-replica")!;
  const reader = started.body!.getReader();
  let text = "";
  const decoder = new TextDecoder();
  while (!/"auditId":"([^"]+)"/.test(text)) text += decoder.decode((await reader.read()).value);
  const auditId = /"auditId":"([^"]+)"/.exec(text)![1]!;
  const other = cluster.replicas.find((r) => r.name === otherThan(runsOn))!;
  const cancelled = await fetch(`${other.baseUrl}/api/calls/${auditId}`, { method: "DELETE", headers: { origin: other.baseUrl } });
  expect(cancelled.headers.get("x-toolscope-replica")).toBe(other.name);
  expect(await cancelled.json()).toEqual({ cancelled: auditId });
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  expect(text).toContain('"status":"cancelled"');
});

test("an agent's call waiting on one replica is approved from another, and completes", async () => {
  const { Client, StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
  const [holding, deciding] = cluster.replicas;
  const agent = new Client({ name: "replica-agent", version: "1.0.0" });
  await agent.connect(new StreamableHTTPClientTransport(new URL(`${holding!.baseUrl}/mcp`)));
  try {
    // A server added through the API is not trusted: its every tool waits for a person.
    const call = agent.callTool({ name: `${SERVER}__delete_note`, arguments: { id: "across-replicas" } });
    let id = "";
    await expect
      .poll(async () => {
        const queue = (await (await fetch(`${deciding!.baseUrl}/api/approvals`)).json()) as {
          waiting: { id: string; arguments: object }[];
        };
        id = queue.waiting.find((a) => JSON.stringify(a.arguments).includes("across-replicas"))?.id ?? "";
        return id;
      })
      .not.toBe("");
    const decided = await fetch(`${deciding!.baseUrl}/api/approvals/${id}`, {
      method: "POST",
      // As the Approvals page sends it: in local mode only a page of Toolscope's decides (a browser sets this header).
      headers: { ...cluster.headers, origin: deciding!.baseUrl, "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ decision: "approve" }),
    });
    expect(decided.status).toBe(200);
    expect(decided.headers.get("x-toolscope-replica")).toBe(deciding!.name);
    const result = (await call) as { isError?: boolean; content: { text?: string }[] };
    expect(result.isError).toBeFalsy();
    expect(result.content[0]?.text).toContain("across-replicas");
    const rows = await cluster.query<{ status: string; audit_id: string | null }>(
      "select status, audit_id from agent_approvals where id = $1",
      [id],
    );
    expect(rows[0]?.status).toBe("approved");
    expect(rows[0]?.audit_id).toBeTruthy();
  } finally {
    await agent.close();
  }
});

test("a list_changed heard by one replica reaches every open tab, whichever replica serves it", async ({ context }) => {
  const tabs: { page: Page; bench: Workbench; count: number }[] = [];
  for (const name of NAMES) {
    cluster.proxy.pin(/\/events$/, name);
    const page = await context.newPage();
    const feed = page.waitForResponse((r) => r.url().endsWith(`/api/servers/${SERVER}/events`));
    const bench = new Workbench(page);
    await bench.open(SERVER);
    expect(replicaOf(await feed)).toBe(name);
    tabs.push({ page, bench, count: Number((await bench.count.textContent())?.match(/\d+/)?.[0]) });
  }
  cluster.proxy.pin(/\/events$/, undefined);
  const mutedBefore = spy.muted;
  const toggle = async (): Promise<boolean> => {
    const answer = (await (
      await api(`/api/servers/${SERVER}/tools/toggle_bonus_tool/call`, { method: "POST", body: '{"arguments":{}}' })
    ).json()) as {
      result: { content: { text: string }[] };
    };
    return /Added/.test(answer.result.content[0]!.text);
  };
  const added = await toggle();
  for (const tab of tabs) await expect(tab.bench.count).toHaveText(`${tab.count + (added ? 1 : -1)} tools`);
  // The server told one replica only; the others learnt it from that replica.
  expect(spy.muted - mutedBefore).toBeGreaterThanOrEqual(1);
  await toggle();
  for (const tab of tabs) await expect(tab.bench.count).toHaveText(`${tab.count} tools`);
});

test("a server added on one replica is listed by the others at once", async ({ page }) => {
  cluster.proxy.pin(/^\/api\/servers$/, "a");
  const added = await api("/api/servers", { method: "POST", body: JSON.stringify({ id: "late", name: "Late arrival", url: spy.url }) });
  expect(added.status).toBe(201);
  expect(added.headers.get("x-toolscope-replica")).toBe("a");
  try {
    for (const name of ["b", "c"]) {
      cluster.proxy.pin(/^\/api\/servers$/, name);
      const listed = await api("/api/servers");
      expect(listed.headers.get("x-toolscope-replica")).toBe(name);
      const ids = ((await listed.json()) as { servers: { id: string }[] }).servers.map((s) => s.id);
      expect(ids).toContain("late");
    }
    // Listed on the first ask, with no wait between: read where the others wrote, never from a cache
    // that must first hear of it. How long that took is no check (a busy machine decides it).
    cluster.proxy.pin(/^\/servers$/, "c");
    const shown = page.waitForResponse((r) => new URL(r.url()).pathname === "/servers");
    await page.goto("/servers");
    expect(replicaOf(await shown)).toBe("c");
    await expect(page.getByText("Late arrival").first()).toBeVisible();
  } finally {
    cluster.proxy.pin(/^\/api\/servers$/, undefined);
    cluster.proxy.pin(/^\/servers$/, undefined);
    await api("/api/servers/late", { method: "DELETE" });
  }
});

test("a task started on one replica is followed, finished and cancelled through the others", async ({ page }) => {
  test.setTimeout(60_000);
  // server-everything over stdio: each replica runs a copy of its own, which knows only its own tasks.
  const added = await api("/api/servers", {
    method: "POST",
    body: JSON.stringify({ id: "everything", ...stdioCommand("everything.ts", "stdio") }),
  });
  expect(added.status).toBe(201);
  try {
    for (const replica of cluster.replicas)
      await expect
        .poll(
          async () =>
            ((await (await fetch(`${replica.baseUrl}/api/servers/everything`)).json()) as { server: { status: string } }).server.status,
          {
            timeout: 20_000,
          },
        )
        .toBe("ready");
    const polledBy = new Set<string>();
    page.on("response", (r) => {
      if (/\/api\/servers\/everything\/tasks\/[^/]+(\/result)?\?/.test(r.url())) polledBy.add(replicaOf(r));
    });
    await page.goto("/servers/everything/tools/simulate-research-query");
    await page
      .getByTestId("tool-panel")
      .getByLabel(/^topic\*?$/)
      .fill("deep-sea vents");
    await page.getByTestId("run-button").click();
    await expect(page.getByTestId("progress-message")).toContainText("Task working");
    await expect(page.getByTestId("result-panel")).toHaveAttribute("data-status", "ok", { timeout: 20_000 });
    await expect(page.getByTestId("result-panel")).toContainText("deep-sea vents");
    expect(polledBy.size).toBeGreaterThanOrEqual(2);

    cluster.proxy.pin(/\/tools\/simulate-research-query\/tasks$/, "a");
    const started = await api("/api/servers/everything/tools/simulate-research-query/tasks", {
      method: "POST",
      body: JSON.stringify({ arguments: { topic: "cancel me" } }),
    });
    expect(started.headers.get("x-toolscope-replica")).toBe("a");
    const { task, auditId } = (await started.json()) as { task: { taskId: string }; auditId: string };
    cluster.proxy.pin(/\/tasks\/[^/]+\?/, "c");
    const cancelled = await api(`/api/servers/everything/tasks/${task.taskId}?auditId=${auditId}`, { method: "DELETE" });
    expect(cancelled.headers.get("x-toolscope-replica")).toBe("c");
    expect(((await cancelled.json()) as { task: { status: string } }).task.status).toBe("cancelled");
    await expect
      .poll(async () => (await cluster.query<{ outcome: string }>("select outcome from audit_log where id = $1", [auditId]))[0]?.outcome)
      .toBe("cancelled");
  } finally {
    cluster.proxy.pin(/\/tools\/simulate-research-query\/tasks$/, undefined);
    cluster.proxy.pin(/\/tasks\/[^/]+\?/, undefined);
    await api("/api/servers/everything", { method: "DELETE" });
  }
});

/** `toolscope_tool_calls_total` for a server and tool, by outcome, summed over the replicas' own /metrics. */
async function countedCalls(tool: string): Promise<{ byOutcome: Record<string, number>; byReplica: Record<string, number> }> {
  const byOutcome: Record<string, number> = {};
  const byReplica: Record<string, number> = {};
  for (const replica of cluster.replicas) {
    const scraped = await fetch(`${replica.baseUrl}/metrics`);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get("content-type")).toContain("text/plain");
    const pattern = new RegExp(`^toolscope_tool_calls_total\\{server="${SERVER}",tool="${tool}",outcome="(\\w+)"\\} (\\d+)$`, "gm");
    for (const [, outcome, value] of (await scraped.text()).matchAll(pattern)) {
      byOutcome[outcome!] = (byOutcome[outcome!] ?? 0) + Number(value);
      byReplica[replica.name] = (byReplica[replica.name] ?? 0) + Number(value);
    }
  }
  return { byOutcome, byReplica };
}

test("/metrics on each replica counts its calls: together they match the calls made and the audit log", async () => {
  for (const tool of ["echo", "fail_tool"]) expect((await countedCalls(tool)).byOutcome).toEqual({});
  const made = { echo: 7, fail_tool: 5 };
  for (const [tool, times] of Object.entries(made))
    for (let i = 0; i < times; i++) {
      const answer = await api(`/api/servers/${SERVER}/tools/${tool}/call`, {
        method: "POST",
        body: JSON.stringify({ arguments: { message: `m${i}` } }),
      });
      expect(answer.status).toBe(200);
    }
  const echo = await countedCalls("echo");
  const failing = await countedCalls("fail_tool");
  expect(echo.byOutcome).toEqual({ ok: 7 });
  expect(failing.byOutcome).toEqual({ tool_error: 5 });
  // Round robin: every replica made some of them.
  expect(Object.keys({ ...echo.byReplica, ...failing.byReplica }).sort()).toEqual(NAMES);
  const recorded = await cluster.query<{ tool_name: string; outcome: string; n: number }>(
    "select tool_name, outcome, count(*)::int as n from audit_log where server_id = $1 and tool_name in ('echo', 'fail_tool') group by 1, 2 order by 1",
    [SERVER],
  );
  expect(recorded).toEqual([
    { tool_name: "echo", outcome: "ok", n: 7 },
    { tool_name: "fail_tool", outcome: "tool_error", n: 5 },
  ]);
  // The other gauges are there to watch.
  const text = await (await fetch(`${cluster.replicas[0]!.baseUrl}/metrics`)).text();
  expect(text).toMatch(/^toolscope_mcp_connections\{state="ready"\} [1-9]/m);
  expect(text).toMatch(/^toolscope_audit_write_duration_seconds_count\{operation="complete"\} [1-9]/m);
  expect(text).toMatch(/^toolscope_event_streams_open\{kind="server"\} \d+$/m);
});

test("a rolling restart of each replica under 16-way load loses no audit record and no outcome", async () => {
  test.setTimeout(180_000);
  type Answer = { tag: string; long: boolean; http: number; status?: string; auditId?: string; error?: string };
  const answers: Answer[] = [];
  let running = true;
  let next = 0;
  // A load call takes 0.3 s and finishes while its replica drains. Before each restart a 12 s call
  // goes straight to the replica that stops, longer than its grace period (6 s): it is interrupted.
  const call = async (base: string, long: boolean): Promise<void> => {
    const tag = `load-${next++}`;
    try {
      const response = await fetch(`${base}/api/servers/${SERVER}/tools/slow_task/call`, {
        method: "POST",
        headers: { ...cluster.headers, origin: base },
        body: JSON.stringify({ arguments: long ? { steps: 40, stepMs: 300 } : { steps: 3, stepMs: 100 }, _meta: { tag } }),
      });
      const body = (await response.json()) as { status?: string; auditId?: string; error?: { code: string } };
      answers.push({ tag, long, http: response.status, status: body.status ?? body.error?.code, auditId: body.auditId });
    } catch (error) {
      answers.push({ tag, long, http: 0, error: String(error) });
    }
  };
  const worker = async (): Promise<void> => {
    while (running) await call(cluster.proxy.url, false);
  };
  const workers = Array.from({ length: 16 }, () => worker());
  await expect.poll(() => answers.length, { timeout: 20_000 }).toBeGreaterThan(32);
  const restarted: string[] = [];
  const long: Promise<void>[] = [];
  for (const replica of cluster.replicas) {
    const before = answers.length;
    const received = spy.calls.length;
    long.push(call(replica.baseUrl, true));
    await expect.poll(() => spy.calls.slice(received).some((c) => (c.arguments as { steps?: number }).steps === 40)).toBe(true);
    await replica.stop();
    await replica.start();
    restarted.push(replica.name);
    // Load keeps flowing between restarts.
    await expect.poll(() => answers.length, { timeout: 20_000 }).toBeGreaterThan(before + 16);
  }
  running = false;
  await Promise.all([...workers, ...long]);
  expect(restarted).toEqual(NAMES);

  // Every request was answered with the call's outcome: nothing cut off, nothing refused.
  expect(answers.filter((a) => a.http !== 200)).toEqual([]);
  expect(answers.filter((a) => a.status !== "ok" && a.status !== "interrupted")).toEqual([]);
  // Load calls all finished within the grace period; each long one was cut short, and said so.
  expect(answers.filter((a) => !a.long && a.status !== "ok")).toEqual([]);
  expect(answers.filter((a) => a.long).map((a) => a.status)).toEqual(["interrupted", "interrupted", "interrupted"]);
  // Every call the server received has exactly one record, completed or interrupted, under the
  // audit id its caller was given.
  const received = spy.calls.map((c) => c.meta?.tag).filter((tag): tag is string => typeof tag === "string" && tag.startsWith("load-"));
  const records = await cluster.query<{ id: string; outcome: string; tag: string }>(
    "select id, outcome, request_meta::json->>'tag' as tag from audit_log where server_id = $1 and tool_name = 'slow_task' and request_meta like '%load-%'",
    [SERVER],
  );
  const byTag = new Map(records.map((r) => [r.tag, r]));
  expect(records.length).toBe(byTag.size);
  expect(received.filter((tag) => !byTag.has(tag))).toEqual([]);
  expect(records.filter((r) => r.outcome !== "ok" && r.outcome !== "interrupted")).toEqual([]);
  for (const answer of answers) expect(byTag.get(answer.tag)).toMatchObject({ id: answer.auditId, outcome: answer.status });
  expect(new Set(received).size).toBe(answers.length);
  // And the log's hash chain holds across the restarts.
  const verify = await api("/api/audit/verify");
  expect(await verify.json()).toMatchObject({ ok: true, firstBroken: null });
});
