// The scenario of lib/calls/echoed-secrets*.test.ts, on whichever database the test file set up:
// a hostile server (fixtures/echo-secrets.ts, over stdio with its key in its env and over
// Streamable HTTP with its key in a header) sends back every secret of a call, in a result's
// text, structuredContent, resource and _meta, in an isError result, in a JSON-RPC error's
// message and data, and in a malformed result. Calls go through Toolscope's real front door
// and route handlers; saved calls through their lib functions. No secret may come back from
// anything Toolscope answers: the call, the console, the audit API, its search, both exports,
// a saved call's runs. Each test file then reads its database's own storage for them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { startFrontDoor, type TestFrontDoor } from "./front-door";
import { startHttpFixture, stdioCommand, type HttpFixture } from "./fixtures/spawn";
import { CALLER_HEADER } from "@/lib/http/caller-header";
import type { Caller } from "@/lib/domain/roles";
import type { SseEvent } from "@/lib/client/read-sse";
import { forgetProductSettings } from "@/test/product-settings";

// Each secret has a core of its own (letters and digits): whatever escaping a copy went through
// (JSON, CSV, a URL, lower case), a copy that was kept still shows its core.
export const PASSWORD = `pw"Echo-7Hq2Zr9Lw`;
export const SIGNATURE = "sig-Echo-4Tn8Vb1Xc";
export const API_KEY = "ak-Echo-3Pm6Ys5Dk";
export const PIN = 90817263;
export const STDIO_KEY = "srv+Stdio/6Wj4Qe8Ru";
export const HTTP_KEY = "srv+Http/2Gf7Nc3Zv";
export const SECRET_CORES = ["7Hq2Zr9Lw", "4Tn8Vb1Xc", "3Pm6Ys5Dk", "90817263", "6Wj4Qe8Ru", "2Gf7Nc3Zv"];
/** Not a secret: it is kept, and search finds it. */
export const NOTE = "marmalade-note-5150";

export const SERVERS = ["echo-stdio", "echo-http"] as const;
export const TOOLS = { echo: "ok", fail: "tool_error", refuse: "protocol_error", garble: "malformed_result" } as const;
export const ARGS = { password: PASSWORD, signature: SIGNATURE, apiKey: API_KEY, pin: PIN, note: NOTE };

/** The secret cores found in `text`, whatever its case. */
export function secretsIn(text: string): string[] {
  const lower = text.toLowerCase();
  return SECRET_CORES.filter((core) => lower.includes(core.toLowerCase()));
}

export type EchoScenario = { door: TestFrontDoor; dataDir: string; caller: Caller; close(): Promise<void> };

/** Starts the HTTP fixture and the front door over a config of both servers; the env names the database. */
export async function startEchoScenario(env: Record<string, string>): Promise<EchoScenario> {
  const fixture: HttpFixture = await startHttpFixture("echo-secrets.ts", "http");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-echoed-secrets-"));
  const stdio = stdioCommand("echo-secrets.ts");
  fs.writeFileSync(
    path.join(dataDir, "mcp.json"),
    JSON.stringify({
      mcpServers: {
        "echo-stdio": { ...stdio, env: { ECHO_SERVER_KEY: STDIO_KEY } },
        "echo-http": { type: "http", url: fixture.url, headers: { "X-Api-Key": HTTP_KEY } },
      },
    }),
  );
  forgetProductSettings();
  Object.assign(
    process.env,
    { TOOLSCOPE_DATA_DIR: dataDir, TOOLSCOPE_CONFIG: path.join(dataDir, "mcp.json"), TOOLSCOPE_DEMO_SERVER: "off" },
    env,
  );
  const door = await startFrontDoor();
  const { localCaller } = await import("@/lib/auth/identify");
  return {
    door,
    dataDir,
    caller: localCaller("127.0.0.1").caller,
    async close() {
      await door.close();
      const { allConnections } = await import("@/lib/mcp/pool");
      await Promise.all((await allConnections()).map((connection) => connection.close()));
      await fixture.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Answered = { status: string; auditId: string; [key: string]: unknown };

/** `echo` as the page calls it, streamed: its progress (which echoes the secrets too) and its result, as text. */
async function streamedEcho(scenario: EchoScenario, server: string): Promise<string> {
  const response = await fetch(`${scenario.door.base}/api/servers/${server}/tools/echo/call`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({ arguments: ARGS }),
  });
  const { readSse } = await import("@/lib/client/read-sse");
  const events: SseEvent[] = [];
  for await (const event of readSse(response.body!)) events.push(event);
  expect(events.map((e) => e.event)).toEqual(["started", "progress", "result"]);
  return JSON.stringify(events);
}

/** Every tool on both servers through the call endpoint, `echo` streamed and through the console: what each answered. */
export async function callEveryTool(scenario: EchoScenario): Promise<string[]> {
  const answers: string[] = [];
  for (const server of SERVERS) {
    for (const [tool, outcome] of Object.entries(TOOLS)) {
      const response = await fetch(`${scenario.door.base}/api/servers/${server}/tools/${tool}/call`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ arguments: ARGS }),
      });
      const text = await response.text();
      expect(response.status, `${server} ${tool}: ${text}`).toBe(200);
      expect((JSON.parse(text) as Answered).status, `${server} ${tool}`).toBe(outcome);
      answers.push(text);
    }
    const rpc = await fetch(`${scenario.door.base}/api/servers/${server}/rpc`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ method: "tools/call", params: { name: "echo", arguments: ARGS } }),
    });
    answers.push(await rpc.text(), await streamedEcho(scenario, server));
  }
  return answers;
}

/** No secret in any answer; each still says what happened, with the values replaced. */
export function expectAnswersRedacted(answers: string[]): void {
  for (const answer of answers) expect(secretsIn(answer), answer).toEqual([]);
  expectEchoRedacted(answers[0]!);
  expect(answers[1]).toContain("Failed: You sent [redacted]");
  // The streamed call's progress: [started, progress, result].
  expect((JSON.parse(answers[5]!) as SseEvent[])[1]!.data).toMatchObject({ message: "checking [redacted] against [redacted]" });
  expect(JSON.parse(answers[2]!)).toMatchObject({
    error: {
      code: -32002,
      message: expect.stringContaining("Refused: You sent [redacted]"),
      data: { secrets: { serverKey: "[redacted]" } },
    },
  });
}

/** What the echo tool's answer looks like once its secrets are out: the shape stays, the values go. */
function expectEchoRedacted(answer: string): void {
  const { result } = JSON.parse(answer) as { result: { content: { text?: string }[]; structuredContent: Record<string, unknown> } };
  const structured = result.structuredContent;
  expect(structured.echoed).toEqual({ password: "[redacted]", signature: "[redacted]", apiKey: "[redacted]", serverKey: "[redacted]" });
  expect(structured["[redacted]"]).toBe("a key that is the password");
  expect(structured.pin).toBe("[redacted]");
  expect(structured.url).toBe("https://api.example/v1?key=[redacted]");
  expect(structured.note).toBe(NOTE);
  // The text block that carries the JSON is still JSON.
  expect(JSON.parse(result.content[0]!.text!)).toMatchObject({ echoed: { password: "[redacted]" }, note: NOTE });
  expect(result.content[1]!.text).toBe("You sent [redacted] and [redacted] and [redacted]; I hold [redacted].");
}

const headers = (caller: Caller): Record<string, string> => ({ [CALLER_HEADER]: JSON.stringify(caller) });

/** Everything the audit API, its search and both exports answer about these calls, as text. */
export async function auditAnswers(
  scenario: EchoScenario,
): Promise<{ listed: string; searches: Record<string, string>; exports: string[] }> {
  const { auditStore } = await import("@/lib/audit");
  await (await auditStore()).catchUpSearchIndex();
  const audit = await import("@/app/api/audit/route");
  const one = await import("@/app/api/audit/[auditId]/route");
  const exported = await import("@/app/api/audit/export/route");
  const get = async (query: string): Promise<string> => {
    const response = await audit.GET(new Request(`${scenario.door.base}/api/audit?${query}`, { headers: headers(scenario.caller) }));
    expect(response.status, query).toBe(200);
    return response.text();
  };
  const listed = await get("limit=500");
  const ids = (JSON.parse(listed) as { records: { id: string }[] }).records.map((r) => r.id);
  const records = await Promise.all(
    ids.map(async (auditId) => {
      const response = await one.GET(new Request(`${scenario.door.base}/api/audit/${auditId}`, { headers: headers(scenario.caller) }), {
        params: Promise.resolve({ auditId }),
      });
      return response.text();
    }),
  );
  const searches: Record<string, string> = {};
  for (const q of [NOTE, ...SECRET_CORES, PASSWORD, STDIO_KEY, HTTP_KEY, "[redacted]"])
    searches[q] = await get(`limit=500&q=${encodeURIComponent(q)}`);
  const exports = await Promise.all(
    (["jsonl", "csv"] as const).map(async (format) => {
      const response = await exported.GET(
        new Request(`${scenario.door.base}/api/audit/export?format=${format}`, { headers: headers(scenario.caller) }),
      );
      expect(response.status).toBe(200);
      return response.text();
    }),
  );
  return { listed: [listed, ...records].join("\n"), searches, exports };
}

const recordsIn = (answer: string): number => (JSON.parse(answer) as { records: unknown[] }).records.length;

/** The audit API keeps the records, search finds what is kept, and no secret is in any of it. */
export function expectAuditRedacted({ listed, searches, exports }: Awaited<ReturnType<typeof auditAnswers>>): void {
  expect(listed).toContain(NOTE);
  expect(secretsIn(listed), "the audit API").toEqual([]);
  expect(recordsIn(searches[NOTE]!), "a search for what is kept").toBeGreaterThan(0);
  expect(recordsIn(searches["[redacted]"]!)).toBeGreaterThan(0);
  for (const q of [...SECRET_CORES, PASSWORD, STDIO_KEY, HTTP_KEY]) expect(recordsIn(searches[q]!), `a search for ${q}`).toBe(0);
  for (const text of exports) {
    expect(text).toContain("echo-http");
    expect(text).toContain(NOTE);
    expect(secretsIn(text), "an export").toEqual([]);
  }
}

/** A saved call of each tool on the stdio server, run with its secrets given at run time: the views of the calls and their runs. */
export async function savedCallRuns(scenario: EchoScenario): Promise<string> {
  const { createSavedCall, createCollection, getSavedCall } = await import("@/lib/saved/saved-calls");
  const { runCollection } = await import("@/lib/saved/run-saved");
  const { CollectionInputSchema, SavedCallInputSchema } = await import("@/lib/domain/saved-shapes");
  const { collection } = await createCollection(CollectionInputSchema.parse({ name: "Echoes" }), scenario.caller);
  const ids: string[] = [];
  for (const tool of Object.keys(TOOLS)) {
    const input = { name: `Echo ${tool}`, serverId: "echo-stdio", toolName: tool, arguments: ARGS, collectionIds: [collection.id] };
    const { savedCall } = await createSavedCall(SavedCallInputSchema.parse(input), scenario.caller);
    ids.push(savedCall.id);
  }
  const given = { "/password": PASSWORD, "/signature": SIGNATURE, "/apiKey": API_KEY, "/pin": PIN };
  const report = await runCollection(collection.id, { secrets: Object.fromEntries(ids.map((id) => [id, given])) }, scenario.caller);
  expect(report.calls.map((c) => c.outcome)).toEqual(Object.values(TOOLS));
  const views = await Promise.all(ids.map((id) => getSavedCall(id, scenario.caller)));
  return JSON.stringify({ report, views });
}

/**
 * What the server sends on the way, on both servers: `ask`'s request for input, streamed to the
 * page and declined there, and `slow` run as a task, whose status is polled until it completes.
 * Returns [the ask streams' events, the task answers] per server, as text.
 */
export async function inputAndTaskAnswers(scenario: EchoScenario): Promise<{ asked: string[]; tasks: string[] }> {
  const { readSse } = await import("@/lib/client/read-sse");
  const answerRoute = await import("@/app/api/servers/[serverId]/inputs/[inputId]/route");
  const startRoute = await import("@/app/api/servers/[serverId]/tools/[toolName]/tasks/route");
  const taskRoute = await import("@/app/api/servers/[serverId]/tasks/[taskId]/route");
  const asked: string[] = [];
  const tasks: string[] = [];
  for (const server of SERVERS) {
    const response = await fetch(`${scenario.door.base}/api/servers/${server}/tools/ask/call`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ arguments: ARGS }),
    });
    const events: SseEvent[] = [];
    for await (const event of readSse(response.body!)) {
      events.push(event);
      if (event.event !== "input") continue;
      const inputId = (event.data as { id: string }).id;
      const answered = await answerRoute.POST(
        new Request(`${scenario.door.base}/api/servers/${server}/inputs/${inputId}`, {
          method: "POST",
          headers: { ...headers(scenario.caller), "content-type": "application/json" },
          body: JSON.stringify({ action: "decline" }),
        }),
        { params: Promise.resolve({ serverId: server, inputId }) },
      );
      expect(answered.status, await answered.clone().text()).toBe(200);
    }
    expect(events.map((e) => e.event)).toEqual(["started", "input", "result"]);
    asked.push(JSON.stringify(events));

    const started = await startRoute.POST(
      new Request(`${scenario.door.base}/api/servers/${server}/tools/slow/tasks`, {
        method: "POST",
        headers: { ...headers(scenario.caller), "content-type": "application/json" },
        body: JSON.stringify({ arguments: ARGS }),
      }),
      { params: Promise.resolve({ serverId: server, toolName: "slow" }) },
    );
    const start = await started.text();
    expect(started.status, start).toBe(201);
    const { task, auditId } = JSON.parse(start) as { task: { taskId: string }; auditId: string };
    const polls = [start];
    for (let status = "working"; status === "working";) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const polled = await taskRoute.GET(
        new Request(`${scenario.door.base}/api/servers/${server}/tasks/${task.taskId}?auditId=${auditId}`, {
          headers: headers(scenario.caller),
        }),
        { params: Promise.resolve({ serverId: server, taskId: task.taskId }) },
      );
      const text = await polled.text();
      expect(polled.status, text).toBe(200);
      polls.push(text);
      status = (JSON.parse(text) as { task: { status: string } }).task.status;
    }
    tasks.push(polls.join("\n"));
  }
  return { asked, tasks };
}
