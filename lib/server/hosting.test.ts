// A hosted Toolscope (people have accounts) through its real front door and call pipeline,
// with the bundled demo server: what it refuses by default and how the operator's settings
// change that. Policies, limits and body sizes are checked through the HTTP API that scripts
// use; the browser's view of the same is in e2e/hosting.spec.ts.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuditEntry } from "@/lib/audit/query";
import { auditReaderFor } from "@/lib/mcp/server-access";
import { invitePerson } from "@/lib/auth/people";
import { createToken } from "@/lib/auth/personal-tokens";
import { startToolTask } from "@/lib/calls/tasks";
import { decideStdio } from "@/lib/auth/hosting";
import { API_CSP, CSP_HEADER } from "@/lib/http/security-headers";
import { database } from "@/lib/db";
import { invalidateRegistry, serverStore } from "@/lib/mcp/registry";
import { ServerConfigSchema } from "@/lib/domain/server-config";
import { addServer, importServers, updateServer } from "@/lib/mcp/servers";
import { connectionFor } from "@/lib/mcp/pool";
import { saveServerPolicy } from "@/lib/policy/policy-store";
import { createFrontDoor } from "@/lib/server/front-door";
import { BOOTSTRAP_ADMIN } from "@/test/callers";
import { startFrontDoor, type TestFrontDoor } from "@/test/front-door";
import { forgetProductSettings } from "@/test/product-settings";

const savedEnv = { ...process.env };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-hosting-"));
const BOOTSTRAP = `hosting-${crypto.randomBytes(8).toString("hex")}`;
const ADMIN = BOOTSTRAP_ADMIN;
let door: TestFrontDoor;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  forgetProductSettings();
  Object.assign(process.env, {
    TOOLSCOPE_DATA_DIR: dataDir,
    TOOLSCOPE_API_TOKEN: BOOTSTRAP,
    TOOLSCOPE_STDIO: "allowlist",
    TOOLSCOPE_STDIO_ALLOW: `${process.execPath} ${path.join(dataDir, "allowed.js")}`,
    TOOLSCOPE_RATE_CALLS_PER_MINUTE: "6",
    TOOLSCOPE_CONCURRENT_CALLS_PER_PERSON: "1",
    TOOLSCOPE_MAX_BODY_BYTES: "65536",
    TOOLSCOPE_AUDIT_MAX_RESULT_BYTES: "2048",
  });
  for (const [key, email] of [
    ["operator", "olga@example.com"],
    ["rita", "rita@example.com"],
    ["cora", "cora@example.com"],
  ] as const) {
    const { person } = await invitePerson({ email, role: "operator", password: "generate" }, { actor: "test", clientIp: null });
    tokens[key] = (await createToken(person.id, { name: key, scopes: ["read", "call"], expiresInDays: 1 })).secret;
  }
  door = await startFrontDoor();
  await (await connectionFor("demo")).ready();
}, 60_000);

afterAll(async () => {
  await door?.close();
  const { allConnections } = await import("@/lib/mcp/pool");
  await Promise.all((await allConnections()).map((connection) => connection.close()));
  process.env = savedEnv;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Answer = { status: number; headers: Headers; body: Record<string, unknown> };

async function api(method: string, target: string, token: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${door.base}${target}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const callAs = (who: string, tool: string, body: Record<string, unknown> = {}) =>
  api("POST", `/api/servers/demo/tools/${tool}/call`, tokens[who] ?? BOOTSTRAP, { arguments: {}, ...body });

describe("stdio servers when hosted", () => {
  it("are off by default, on by default on a developer's machine, and allow-listed by command line", () => {
    const none = { mode: undefined, allow: [] };
    expect(decideStdio(none, true, { command: "npx", args: ["server"] })).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/TOOLSCOPE_STDIO defaults to off/),
    });
    expect(decideStdio(none, false, { command: "npx", args: ["server"] })).toEqual({ allowed: true });
    expect(decideStdio({ mode: "on", allow: [] }, true, { command: "npx", args: [] })).toEqual({ allowed: true });
    expect(decideStdio({ mode: "off", allow: [] }, false, { command: "npx", args: [] })).toMatchObject({ allowed: false });
    const list = { mode: "allowlist" as const, allow: [["npx", "-y", "@acme/mcp"], ["uvx"]] };
    expect(decideStdio(list, true, { command: "npx", args: ["-y", "@acme/mcp", "--port", "1"] })).toEqual({ allowed: true });
    expect(decideStdio(list, true, { command: "npx", args: ["-y", "@evil/mcp"] })).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/TOOLSCOPE_STDIO_ALLOW/),
    });
    expect(decideStdio(list, true, { command: "uvx", args: ["anything"] })).toEqual({ allowed: true });
    expect(decideStdio(list, true, { command: "bash", args: ["-c", "id"] })).toMatchObject({ allowed: false });
    // An allowed command steered by its environment or working directory is another command.
    for (const env of [
      { NODE_OPTIONS: "--import=data:text/javascript,1" },
      { npm_config_registry: "https://evil.example" },
      { PATH: "/tmp" },
      { LD_PRELOAD: "/tmp/x.so" },
    ] as Record<string, string>[])
      expect(decideStdio(list, true, { command: "uvx", args: ["x"], env }), Object.keys(env)[0]).toMatchObject({
        allowed: false,
        reason: expect.stringMatching(/change what it runs/),
      });
    expect(decideStdio(list, true, { command: "uvx", args: ["x"], cwd: "/tmp/evil" })).toMatchObject({ allowed: false });
    expect(decideStdio(list, true, { command: "uvx", args: ["x"], env: { API_KEY: "k" } })).toEqual({ allowed: true });
  });

  it("refuses a command that is not allow-listed through the API, and lets an allow-listed one through", async () => {
    await expect(addServer("shell", { command: "bash", args: ["-c", "id"] }, ADMIN)).rejects.toMatchObject({
      code: "forbidden:stdio",
      status: 403,
      message: expect.stringMatching(/not on this Toolscope's list of allowed commands/),
    });
    const allowed = await addServer("allowed", { command: process.execPath, args: [path.join(dataDir, "allowed.js"), "--flag"] }, ADMIN);
    expect(allowed.id).toBe("allowed");
    // Changing it into something else is refused like adding it.
    await expect(updateServer("allowed", { command: "bash", args: ["-c", "id"] }, ADMIN)).rejects.toMatchObject({
      code: "forbidden:stdio",
    });
    const imported = await importServers({ mcpServers: { sneaky: { command: "sh", args: ["-c", "id"] } } }, ADMIN);
    expect(imported.imported).toEqual([]);
    expect(imported.skipped[0]).toMatchObject({ id: "sneaky", reason: expect.stringMatching(/allowed commands/) });
  });

  it("refuses an entry with both a command and a url rather than reading it as stdio", async () => {
    await expect(addServer("both", { command: process.execPath, url: "https://example.com/mcp" }, ADMIN)).rejects.toMatchObject({
      code: "bad_request:config",
      message: expect.stringMatching(/both a command and a url/),
    });
  });
});

describe("stdio servers stored before Toolscope was hosted", () => {
  it("are not started once it is, and say why", async () => {
    await (
      await serverStore()
    ).insert(ServerConfigSchema.parse({ id: "old-shell", name: "Old", transport: "stdio", command: "bash", args: ["-c", "id"] }));
    invalidateRegistry();
    const connection = await connectionFor("old-shell");
    await expect(connection.ready()).rejects.toThrow(/is not started: .*allowed commands/);
    expect(connection.snapshot()).toMatchObject({ status: "failed", error: expect.stringMatching(/TOOLSCOPE_STDIO_ALLOW/) });
  });
});

describe("secrets at rest", () => {
  it("stores a server's config encrypted, in an owner-only data directory, and reads it back", async () => {
    await addServer(
      "vault",
      { url: "https://vault.example/mcp?key=q-secret-123456", headers: { authorization: "Bearer h-secret-abcdef" } },
      ADMIN,
    );
    const db = await database();
    const row = await db.selectFrom("servers").select("config").where("id", "=", "vault").executeTakeFirstOrThrow();
    expect(row.config).toMatch(/^enc:v1:/);
    expect(row.config).not.toContain("h-secret");
    expect(row.config).not.toContain("vault.example");
    invalidateRegistry();
    const listed = (await serverStore()).list();
    expect((await listed).find((c) => c.id === "vault")).toMatchObject({ headers: { authorization: "Bearer h-secret-abcdef" } });
    expect(fs.statSync(path.join(dataDir, "secret-key")).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dataDir, "toolscope.db")).mode & 0o777).toBe(0o600);
  });

  it("encrypts a config an earlier Toolscope stored in clear the next time it reads the list", async () => {
    const db = await database();
    const legacy = {
      id: "legacy",
      name: "Legacy",
      transport: "streamable-http",
      url: "https://legacy.example/mcp",
      headers: { "x-api-key": "l-secret-999999" },
    };
    await db
      .insertInto("servers")
      .values({ id: "legacy", config: JSON.stringify(legacy), position: 99, created_at: "", updated_at: "" })
      .execute();
    const configs = await (await serverStore()).list();
    expect(configs.find((c) => c.id === "legacy")).toMatchObject({ headers: { "x-api-key": "l-secret-999999" } });
    const row = await db.selectFrom("servers").select("config").where("id", "=", "legacy").executeTakeFirstOrThrow();
    expect(row.config).toMatch(/^enc:v1:/);
  });

  it("keeps a stored secret across an edit only when nothing that decides where it goes changed", async () => {
    await addServer(
      "runner",
      { command: process.execPath, args: [path.join(dataDir, "allowed.js")], env: { API_KEY: "k-secret-777777" } },
      ADMIN,
    );
    const same = { command: process.execPath, args: [path.join(dataDir, "allowed.js")] };
    for (const [change, entry] of [
      ["NODE_OPTIONS added", { ...same, env: { API_KEY: null, NODE_OPTIONS: "--require /tmp/steal.js" } }],
      ["LD_PRELOAD added", { ...same, env: { API_KEY: null, LD_PRELOAD: "/tmp/x.so" } }],
      ["PATH added", { ...same, env: { API_KEY: null, PATH: "/tmp" } }],
      ["HTTPS_PROXY added", { ...same, env: { API_KEY: null, HTTPS_PROXY: "http://attacker.example" } }],
      ["cwd changed", { ...same, cwd: "/tmp", env: { API_KEY: null } }],
      ["made a URL server", { url: "https://attacker.example/mcp", env: { API_KEY: null } }],
    ] as const) {
      await expect(updateServer("runner", entry as never, ADMIN), change).rejects.toMatchObject({
        code: "bad_request:config",
        message: expect.stringMatching(/API_KEY/),
      });
    }
    // Any variable may steer where a server sends its token (GITHUB_HOST, OPENAI_BASE_URL…).
    await expect(
      updateServer("runner", { ...same, env: { API_KEY: null, OPENAI_BASE_URL: "https://attacker.example" } }, ADMIN),
    ).rejects.toMatchObject({ code: "bad_request:config" });
    // An edit that changes nothing about where it runs keeps it; one that sends the secret again may change the rest.
    await updateServer("runner", { ...same, name: "Runner", env: { API_KEY: null } }, ADMIN);
    invalidateRegistry();
    expect((await (await serverStore()).list()).find((c) => c.id === "runner")).toMatchObject({
      name: "Runner",
      env: { API_KEY: "k-secret-777777" },
    });
    await updateServer("runner", { ...same, env: { API_KEY: "k-secret-888888", DEBUG: "1" } }, ADMIN);
    await addServer("keyed", { url: "https://api.example/mcp?tenant=a", headers: { authorization: "Bearer t-secret-000000" } }, ADMIN);
    await expect(
      updateServer("keyed", { url: "https://api.example/mcp?tenant=b", headers: { authorization: null } }, ADMIN),
    ).rejects.toMatchObject({ code: "bad_request:config" });
    await expect(
      updateServer("keyed", { url: "https://api.example/mcp?tenant=a", headers: { authorization: null, host: "attacker.example" } }, ADMIN),
    ).rejects.toMatchObject({ code: "bad_request:config" });
  });
});

describe("the outbound guard when hosted", () => {
  it("does not connect to a loopback server added through the API, and says how to allow it", async () => {
    const server = http.createServer((_request, response) => response.end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    let hits = 0;
    server.on("request", () => hits++);
    try {
      await addServer("loopback", { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp` }, ADMIN);
      const connection = await connectionFor("loopback");
      await expect(connection.ready()).rejects.toThrow(
        /Toolscope does not connect to 127\.0\.0\.1, a loopback address.*TOOLSCOPE_OUTBOUND_ALLOW/,
      );
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  });
});

describe("policies on risky tools, through the API", () => {
  it("lets only admins call destructive tools when the policy says so, from the call endpoint and the RPC console alike", async () => {
    await saveServerPolicy("demo", { destructive: { roles: ["admin"] } }, null);
    const refused = await callAs("operator", "delete_note", { arguments: { id: "nope" } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: "forbidden:tool_policy",
      message: expect.stringMatching(/only admins call destructive tools/),
    });
    const console = await api("POST", "/api/servers/demo/rpc", tokens.operator!, {
      method: "tools/call",
      params: { name: "delete_note", arguments: { id: "x" } },
    });
    expect(console.status).toBe(403);
    // Tasks are served by Next (not in this harness): the same pipeline, asked directly.
    const operator = { ...ADMIN, actor: "olga", userId: "olga", role: "operator" as const };
    await expect(
      startToolTask({ serverId: "demo", toolName: "delete_note", arguments: { id: "x" }, caller: operator }),
    ).rejects.toMatchObject({
      code: "forbidden:tool_policy",
    });
    // A read-only tool is not destructive; the admin may call the destructive one.
    expect((await callAs("operator", "list_notes")).status).toBe(200);
    expect((await callAs("admin", "delete_note", { arguments: { id: "nope" } })).body.status).toBe("ok");
  });

  it("asks for a reason when the policy says so, and keeps it in the audit record", async () => {
    await saveServerPolicy("demo", { openWorld: { reason: true } }, null);
    // echo declares no annotations: by the spec's defaults it may reach the outside world.
    const missing = await callAs("operator", "echo", { arguments: { message: "hi" } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      code: "bad_request:reason",
      message: expect.stringMatching(/reason to call open-world tools/),
    });
    expect((await callAs("operator", "echo", { arguments: { message: "hi" }, reason: "   " })).status).toBe(400);
    const given = await callAs("operator", "echo", { arguments: { message: "hi" }, reason: "Checking the echo for INC-42" });
    expect(given.body.status).toBe("ok");
    const { record } = await getAuditEntry(String(given.body.auditId), await auditReaderFor(ADMIN));
    expect(record.reason).toBe("Checking the echo for INC-42");
    await saveServerPolicy("demo", {}, null);
  });

  it("applies a per-tool rule instead of the class rules", async () => {
    await saveServerPolicy("demo", { destructive: { roles: ["admin"] }, tools: { delete_note: { roles: ["operator", "admin"] } } }, null);
    expect((await callAs("operator", "delete_note", { arguments: { id: "nope" } })).body.status).toBe("ok");
    await saveServerPolicy("demo", { tools: { list_notes: { roles: ["admin"] } } }, null);
    expect((await callAs("operator", "list_notes")).status).toBe(403);
    await saveServerPolicy("demo", {}, null);
  });
});

describe("limits when hosted", () => {
  it("answers 429 with Retry-After past the calls a person may make in a minute", async () => {
    for (let i = 0; i < 6; i++) expect((await callAs("rita", "list_notes")).status).toBe(200);
    const refused = await callAs("rita", "list_notes");
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: "too_many_requests:calls" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    // Someone else is not held back by it.
    expect((await callAs("cora", "list_notes")).status).toBe(200);
  });

  it("answers 429 to a second call while a person's one allowed call runs", async () => {
    const slow = callAs("cora", "slow_task", { arguments: { steps: 4, stepMs: 250 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = await callAs("cora", "list_notes");
    expect(second.status).toBe(429);
    expect(second.body.error).toMatchObject({ code: "too_many_requests:concurrent" });
    expect(second.headers.get("retry-after")).toBe("1");
    expect((await slow).body.status).toBe("ok");
    expect((await callAs("cora", "list_notes")).status).toBe(200);
  });

  it("refuses a body over the limit with 413 and says what the limit is", async () => {
    const big = await callAs("admin", "create_note", { arguments: { title: "big", body: "x".repeat(100_000) } });
    expect(big.status).toBe(413);
    expect(big.body.error).toMatchObject({ code: "payload_too_large:body", message: expect.stringMatching(/TOOLSCOPE_MAX_BODY_BYTES/) });
  });

  it("keeps only the size and hash of arguments too large for the audit log", async () => {
    const answer = await callAs("admin", "echo", { arguments: { message: "y".repeat(10_000) } });
    expect(answer.body.status).toBe("ok");
    const { record } = await getAuditEntry(String(answer.body.auditId), await auditReaderFor(ADMIN));
    const stored = record.arguments as Record<string, { size: number; sha256: string }>;
    expect(stored["$toolscope:omitted"]).toEqual({ size: expect.any(Number), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(stored["$toolscope:omitted"]!.size).toBeGreaterThan(10_000);
  });
});

describe("headers", () => {
  it("keeps pages out of shared caches, whatever Next would have them cached for", async () => {
    const prerendered = (_request: http.IncomingMessage, response: http.ServerResponse): void => {
      response.setHeader("cache-control", "s-maxage=31536000, stale-while-revalidate");
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<p>page</p>");
    };
    const page = http.createServer(createFrontDoor(prerendered));
    await new Promise<void>((resolve) => page.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
      const answer = await fetch(`${base}/login`);
      expect(answer.headers.get("cache-control")).toBe("private, no-cache, no-store, max-age=0, must-revalidate");
      const asset = await fetch(`${base}/_next/static/chunks/x.js`, { headers: { authorization: `Bearer ${BOOTSTRAP}` } });
      expect(asset.headers.get("cache-control")).toBe("s-maxage=31536000, stale-while-revalidate");
    } finally {
      page.closeAllConnections();
      page.close();
    }
  });

  it("sends pages a CSP with a fresh nonce, API answers one that loads nothing, and the other security headers", async () => {
    const page = (target: string) => fetch(`${door.base}${target}`, { headers: { authorization: `Bearer ${BOOTSTRAP}` } });
    const [first, second] = [await page("/servers"), await page("/audit")];
    const nonces = [first, second].map((a) => /script-src [^;]*'nonce-([^']+)'/.exec(a.headers.get(CSP_HEADER) ?? "")?.[1]);
    expect(nonces[0]).toBeTruthy();
    expect(nonces[0]).not.toBe(nonces[1]);
    const csp = first.headers.get(CSP_HEADER)!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).not.toContain("unsafe-eval");
    expect(/script-src [^;]*/.exec(csp)![0]).not.toContain("unsafe-inline");
    expect((await api("GET", "/api/health", BOOTSTRAP)).headers.get(CSP_HEADER)).toBe(API_CSP);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("same-origin");
    // Served over plain http here: no HSTS.
    expect(first.headers.get("strict-transport-security")).toBeNull();
  });
});
