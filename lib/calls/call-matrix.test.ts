// Every entry path × every way a call can end, against a real server over a real transport
// (test/fixtures/failures.ts over Streamable HTTP) and a server that is down: the answer
// each path gives, and the audit record it leaves. The form and script paths go through the
// real front door, the console and task paths through their real route handlers.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFrontDoor, type TestFrontDoor } from "@/test/front-door";
import { startHttpFixture, type HttpFixture } from "@/test/fixtures/spawn";
import { CALLER_HEADER } from "@/lib/http/caller-header";
import type { CallOutcome } from "../domain/outcomes";
import { forgetProductSettings } from "@/test/product-settings";

let fixture: HttpFixture;
let door: TestFrontDoor;
let dataDir: string;
const savedEnv = { ...process.env };

beforeAll(async () => {
  fixture = await startHttpFixture("failures.ts", "http");
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-call-matrix-"));
  fs.writeFileSync(
    path.join(dataDir, "mcp.json"),
    JSON.stringify({
      mcpServers: {
        // Only the timeout meets the 300 ms limit: on a busy machine a success, a cancel or a crash
        // can take longer than that to arrive, and would be read as a timeout.
        failures: { type: "http", url: fixture.url },
        "failures-hasty": { type: "http", url: fixture.url, timeoutMs: 300 },
        down: { type: "http", url: "http://127.0.0.1:9/mcp" },
      },
    }),
  );
  forgetProductSettings();
  Object.assign(process.env, {
    TOOLSCOPE_DATA_DIR: dataDir,
    TOOLSCOPE_CONFIG: path.join(dataDir, "mcp.json"),
    TOOLSCOPE_DEMO_SERVER: "off",
  });
  door = await startFrontDoor();
});

afterAll(async () => {
  await door.close();
  const { allConnections } = await import("@/lib/mcp/pool");
  await Promise.all((await allConnections()).map((connection) => connection.close()));
  await fixture.stop();
  process.env = savedEnv;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Kind = { name: string; server: string; tool: string; args?: Record<string, unknown>; outcome: CallOutcome; cancel?: boolean };
const KINDS: Kind[] = [
  { name: "success", server: "failures", tool: "succeed", outcome: "ok" },
  { name: "tool error", server: "failures", tool: "tool_error", outcome: "tool_error" },
  { name: "JSON-RPC error", server: "failures", tool: "refuse", outcome: "protocol_error" },
  { name: "malformed result", server: "failures", tool: "malformed", outcome: "malformed_result" },
  { name: "timeout", server: "failures-hasty", tool: "slow", args: { ms: 5_000 }, outcome: "timeout" },
  { name: "cancel", server: "failures", tool: "slow_with_progress", args: { ms: 5_000 }, outcome: "cancelled", cancel: true },
  { name: "server down", server: "down", tool: "succeed", outcome: "unavailable" },
  { name: "server crashed mid-call", server: "failures", tool: "crash", outcome: "transport_error" },
];

type Ended = { status: number; outcome: string; auditId: string };
type EntryPath = (kind: Kind) => Promise<Ended>;

const callerHeaders = { [CALLER_HEADER]: JSON.stringify({ actor: "local", clientIp: "127.0.0.1" }), "content-type": "application/json" };
const callUrl = (kind: Kind) => `${door.base}/api/servers/${kind.server}/tools/${kind.tool}/call`;
const body = (kind: Kind, extra: Record<string, unknown> = {}) => JSON.stringify({ arguments: kind.args ?? {}, ...extra });

async function newestRecord(toolName: string, since: string): Promise<{ id: string; outcome: string } | undefined> {
  const { auditStore } = await import("@/lib/audit");
  const [record] = await (await auditStore()).listInvocations({ toolName, limit: 1 });
  return record && record.started_at >= since ? record : undefined;
}

/** Sends a call, hangs up once its record is pending, and answers with how the record ended. */
async function hangUpOnceRecorded(kind: Kind, send: (signal: AbortSignal) => Promise<unknown>): Promise<Ended> {
  const since = new Date().toISOString();
  const hangUp = new AbortController();
  const pending = send(hangUp.signal).catch(() => null);
  await expect.poll(async () => (await newestRecord(kind.tool, since))?.outcome).toBe("pending");
  hangUp.abort();
  await pending;
  await expect.poll(async () => (await newestRecord(kind.tool, since))?.outcome).not.toBe("pending");
  const record = (await newestRecord(kind.tool, since))!;
  return { status: 0, outcome: record.outcome, auditId: record.id };
}

/** A call as Toolscope's page makes it: an event stream, cancelled with Cancel. */
async function fromThePage(kind: Kind, extra: Record<string, unknown> = {}): Promise<Ended> {
  const response = await fetch(callUrl(kind), { method: "POST", body: body(kind, extra), headers: { accept: "text/event-stream" } });
  const { readSse } = await import("@/lib/client/read-sse");
  for await (const { event, data } of readSse(response.body!)) {
    if (event === "started" && kind.cancel) {
      const { auditId } = data as { auditId: string };
      const cancel = await fetch(`${door.base}/api/calls/${auditId}`, { method: "DELETE" });
      expect(cancel.status).toBe(200);
    }
    if (event === "result") {
      const result = data as { status: string; auditId: string };
      return { status: response.status, outcome: result.status, auditId: result.auditId };
    }
  }
  throw new Error("the stream ended without a result");
}

const ENTRY_PATHS: Record<string, EntryPath> = {
  async script(kind) {
    // A script cancels by hanging up.
    if (kind.cancel) return hangUpOnceRecorded(kind, (signal) => fetch(callUrl(kind), { method: "POST", body: body(kind), signal }));
    const response = await fetch(callUrl(kind), { method: "POST", body: body(kind) });
    const json = (await response.json()) as { status: string; auditId: string };
    return { status: response.status, outcome: json.status, auditId: json.auditId };
  },
  form: (kind) => fromThePage(kind),
  // An MCP App's call, made by the page as the form's is, and declared as the app's.
  app: (kind) => fromThePage(kind, { via: { app: "dashboard" } }),
  async console(kind) {
    const rpc = (signal?: AbortSignal) =>
      fetch(`${door.base}/api/servers/${kind.server}/rpc`, {
        method: "POST",
        body: JSON.stringify({ method: "tools/call", params: { name: kind.tool, arguments: kind.args ?? {} } }),
        signal,
      });
    // The console cancels by hanging up.
    if (kind.cancel) return hangUpOnceRecorded(kind, rpc);
    const response = await rpc();
    const json = (await response.json()) as { outcome: string; auditId: string };
    return { status: response.status, outcome: json.outcome, auditId: json.auditId };
  },
  async task(kind) {
    const start = await import("@/app/api/servers/[serverId]/tools/[toolName]/tasks/route");
    const task = await import("@/app/api/servers/[serverId]/tasks/[taskId]/route");
    const result = await import("@/app/api/servers/[serverId]/tasks/[taskId]/result/route");
    // A task may run as long as its ttl: a short one, so that the timeout case ends soon.
    const taskBody = JSON.stringify({ arguments: kind.args ?? {}, ttlMs: 1_000 });
    const request = new Request(`${door.base}/x`, { method: "POST", headers: callerHeaders, body: taskBody });
    const started = await start.POST(request, { params: Promise.resolve({ serverId: kind.server, toolName: kind.tool }) });
    const answer = (await started.json()) as { task?: { taskId: string }; response?: { status: string; auditId: string } };
    if (answer.response) return { status: started.status, outcome: answer.response.status, auditId: answer.response.auditId };
    expect(started.status).toBe(201);
    const params = Promise.resolve({ serverId: kind.server, taskId: answer.task!.taskId });
    if (kind.cancel) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await task.DELETE(new Request(`${door.base}/x`, { method: "DELETE", headers: callerHeaders }), { params })).status).toBe(200);
    }
    const ended = await result.GET(new Request(`${door.base}/x`, { headers: callerHeaders }), { params });
    const json = (await ended.json()) as { status: string; auditId: string };
    return { status: ended.status, outcome: json.status, auditId: json.auditId };
  },
};

/** Where the audit record says each path's call came from (lib/domain/audit-via.ts): the form and scripts say nothing. */
const VIA: Record<string, string | null> = { script: null, form: null, app: "app:dashboard", console: "console", task: null };

describe.each(Object.keys(ENTRY_PATHS))("a call from the %s", (entry) => {
  it.each(KINDS.map((kind) => [kind.name, kind] as const))("that ends in %s: answers it and records it", async (_name, kind) => {
    const ended = await ENTRY_PATHS[entry]!(kind);
    expect(ended.outcome).toBe(kind.outcome);
    // An outcome of the call, not an HTTP error of Toolscope's.
    if (ended.status !== 0) expect(ended.status).toBeLessThan(300);
    const { auditStore } = await import("@/lib/audit");
    const record = await (await auditStore()).getInvocation(ended.auditId);
    expect(record?.outcome).toBe(kind.outcome);
    expect(record?.tool_name).toBe(kind.tool);
    expect(record?.via).toBe(VIA[entry]);
  });
});

describe("where a call says it came from", () => {
  it("is an app's tool name, or the call is refused before anything is sent", async () => {
    const sent = (via: unknown) =>
      fetch(`${door.base}/api/servers/failures/tools/succeed/call`, { method: "POST", body: JSON.stringify({ arguments: {}, via }) });
    const { auditStore } = await import("@/lib/audit");
    const newest = async () => (await (await auditStore()).listInvocations({ toolName: "succeed", limit: 1 }))[0]?.id;
    const before = await newest();
    // Not a tool's name, not a tool of this server, a tool without an app, or not an app at all.
    for (const via of [
      { app: "" },
      { app: "x".repeat(257) },
      { app: "dash\u202eboard" },
      { app: "dashboard\n" },
      { app: "no_such_tool" },
      { app: "succeed" },
      { app: "dashboard", console: true },
      "console",
      { saved: "abc" },
    ]) {
      const refused = await sent(via);
      expect(refused.status, JSON.stringify(via)).toBe(400);
    }
    expect(await newest()).toBe(before);
  });

  it("filters the audit log: an app's calls, the console's, or one origin exactly", async () => {
    const audit = await import("@/app/api/audit/route");
    const answer = (query: string) => audit.GET(new Request(`${door.base}/api/audit?${query}`, { headers: callerHeaders }));
    const listed = async (query: string) => {
      const response = await answer(query);
      expect(response.status, query).toBe(200);
      return ((await response.json()) as { records: { via: string | null }[] }).records;
    };
    for (const [query, via] of [
      ["via=app", "app:dashboard"],
      ["via=app:dashboard", "app:dashboard"],
      ["via=console", "console"],
    ] as const) {
      const records = await listed(`${query}&server=failures`);
      expect(records.length, query).toBeGreaterThan(0);
      expect(new Set(records.map((r) => r.via)), query).toEqual(new Set([via]));
    }
    expect(await listed("via=saved&server=failures")).toEqual([]);
    for (const bad of ["via=form", "via=apps", "via=app:"]) expect((await answer(bad)).status, bad).toBe(400);
  });
});

describe("a malformed result", () => {
  it("keeps the good blocks, names the bad one with its reason, and says so in the record", async () => {
    const response = await fetch(`${door.base}/api/servers/failures/tools/malformed/call`, { method: "POST", body: "{}" });
    const json = (await response.json()) as {
      status: string;
      result: { content: unknown[] };
      problems: { path: string; reason: string }[];
      auditId: string;
    };
    expect(json.status).toBe("malformed_result");
    expect(json.result.content).toHaveLength(4);
    expect(json.problems).toEqual([{ path: "content[1]", reason: "image block: must have required property 'data'" }]);
    const { auditStore } = await import("@/lib/audit");
    const record = await (await auditStore()).getInvocation(json.auditId);
    expect(record?.error_message).toBe("content[1]: image block: must have required property 'data'");
    expect(JSON.parse(record!.result!)).toMatchObject({ content: [{ text: "before the broken block" }, {}, {}, { type: "hologram" }] });
  });
});

describe("a task Toolscope stops waiting for", () => {
  it("is cancelled on the server too (tasks/cancel), whichever way the call was cancelled", async () => {
    const start = await import("@/app/api/servers/[serverId]/tools/[toolName]/tasks/route");
    const task = await import("@/app/api/servers/[serverId]/tasks/[taskId]/route");
    const result = await import("@/app/api/servers/[serverId]/tasks/[taskId]/result/route");
    const request = new Request(`${door.base}/x`, {
      method: "POST",
      headers: callerHeaders,
      body: JSON.stringify({ arguments: { ms: 5_000 } }),
    });
    const started = await start.POST(request, { params: Promise.resolve({ serverId: "failures", toolName: "slow_with_progress" }) });
    const { task: created, auditId } = (await started.json()) as { task: { taskId: string }; auditId: string };
    // Cancelled as a call (the form's Cancel), not through the task route.
    const cancel = await fetch(`${door.base}/api/calls/${auditId}`, { method: "DELETE" });
    expect(cancel.status).toBe(200);
    const params = Promise.resolve({ serverId: "failures", taskId: created.taskId });
    const ended = (await (await result.GET(new Request(`${door.base}/x`, { headers: callerHeaders }), { params })).json()) as {
      status: string;
    };
    expect(ended.status).toBe("cancelled");
    await expect
      .poll(
        async () =>
          (
            (await (await task.GET(new Request(`${door.base}/x`, { headers: callerHeaders }), { params })).json()) as {
              task: { status: string };
            }
          ).task.status,
      )
      .toBe("cancelled");
  });
});

describe("tools/call sent from the console as a notification", () => {
  it("is audited like any call, with the outcome that no answer can come", async () => {
    const response = await fetch(`${door.base}/api/servers/failures/rpc`, {
      method: "POST",
      body: JSON.stringify({
        method: "tools/call",
        params: { name: "succeed", arguments: { message: "fire and forget" } },
        notification: true,
      }),
    });
    const answer = (await response.json()) as { outcome: string; auditId: string; result?: unknown };
    expect(response.status).toBe(200);
    expect(answer).toMatchObject({ outcome: "unanswered" });
    expect(answer.result).toBeUndefined();
    const { auditStore } = await import("@/lib/audit");
    const record = await (await auditStore()).getInvocation(answer.auditId);
    expect(record).toMatchObject({ outcome: "unanswered", tool_name: "succeed" });
    expect(JSON.parse(record!.arguments)).toEqual({ message: "fire and forget" });
  });
});
