// The call fast path on a real Node HTTP server, against the demo MCP server over Streamable
// HTTP, with a real SQLite audit log. Whatever the fast path does not take reaches the
// server's own handler, which stands in for Next here and answers 418.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoHttpServer, type DemoHttpServer } from "@/lib/demo-server/http";

let demo: DemoHttpServer;
let dataDir: string;
let server: http.Server;
let base: string;
const savedEnv = { ...process.env };

beforeAll(async () => {
  demo = await startDemoHttpServer({ port: 0 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-fast-path-"));
  fs.writeFileSync(
    path.join(dataDir, "mcp.json"),
    JSON.stringify({ mcpServers: { demo: { type: "http", url: demo.url }, gone: { type: "http", url: "http://127.0.0.1:9/mcp" } } }),
  );
  Object.assign(process.env, {
    TOOLSCOPE_DATA_DIR: dataDir,
    TOOLSCOPE_CONFIG: path.join(dataDir, "mcp.json"),
    TOOLSCOPE_DEMO_SERVER: "off",
  });
  delete process.env.TOOLSCOPE_API_TOKEN;
  delete process.env.TOOLSCOPE_ALLOWED_HOSTS;
  delete process.env.DATABASE_URL;
  const { installCallFastPath } = await import("./call-fast-path");
  installCallFastPath();
  server = http.createServer((_request, response) => {
    response.writeHead(418, { "content-type": "application/json" });
    response.end(JSON.stringify({ servedBy: "next" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  const { allConnections } = await import("@/lib/mcp/pool");
  await Promise.all((await allConnections()).map((connection) => connection.close()));
  await demo.close();
  process.env = savedEnv;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function call(pathname: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(base + pathname, { method: "POST", body: JSON.stringify({ arguments: { message: "hi" } }), ...init });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function auditRecord(id: string) {
  const { auditStore } = await import("@/lib/audit");
  return (await auditStore()).getInvocation(id);
}

describe("the call fast path", () => {
  it("answers a JSON call itself, as the route would, and audits it", async () => {
    const { status, body } = await call("/api/servers/demo/tools/echo/call");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: "ok",
      result: { content: [{ type: "text", text: "hi" }] },
      outputValidation: { verdict: "none" },
    });
    const record = await auditRecord(body.auditId as string);
    expect(record).toMatchObject({ outcome: "ok", actor: "local", client_ip: "127.0.0.1", server_id: "demo", tool_name: "echo" });
    expect(JSON.parse(record!.arguments)).toEqual({ message: "hi" });
  });

  it("decodes the server id and tool name from the path", async () => {
    const { status, body } = await call("/api/servers/d%65mo/tools/%65cho/call?x=1");
    expect(status).toBe(200);
    expect(body.status).toBe("ok");
  });

  it("leaves every other request to Next", async () => {
    const cases: [string, RequestInit][] = [
      ["/api/servers/demo/tools/echo/call", { method: "GET", body: undefined }],
      ["/api/servers/demo/tools/echo/call", { headers: { accept: "text/event-stream" } }],
      ["/api/servers/demo/tools/echo/call/", {}],
      ["/api/servers/demo/tools/echo/tasks", {}],
      ["/api/servers/demo/tools/echo/call", { headers: { origin: "https://evil.example" } }],
      ["/api/servers/demo/tools/%E0%A4%A/call", {}],
    ];
    for (const [pathname, init] of cases) {
      const { status, body } = await call(pathname, init);
      expect({ pathname, init, status, body }).toMatchObject({ status: 418, body: { servedBy: "next" } });
    }
    // fetch() will not send a Host header of its own choosing; a DNS-rebinding page's request would.
    const foreignHost = await new Promise<number | undefined>((resolve, reject) => {
      const request = http.request(
        `${base}/api/servers/demo/tools/echo/call`,
        { method: "POST", headers: { host: "evil.example" } },
        (response) => {
          response.resume();
          resolve(response.statusCode);
        },
      );
      request.on("error", reject);
      request.end(JSON.stringify({ arguments: {} }));
    });
    expect(foreignHost).toBe(418);
  });

  it("answers bad requests and unusable servers with the one error model", async () => {
    expect(await call("/api/servers/demo/tools/echo/call", { body: "not json" })).toEqual({
      status: 400,
      body: { error: { code: "bad_request:body", message: "The request body must be JSON." } },
    });
    const wrongShape = await call("/api/servers/demo/tools/echo/call", { body: JSON.stringify({ arguments: [1] }) });
    expect(wrongShape.status).toBe(400);
    expect(wrongShape.body).toMatchObject({ error: { code: "bad_request:body", message: expect.stringContaining("arguments") } });
    const unknown = await call("/api/servers/nope/tools/echo/call");
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: "not_found:server" } } });
    const gone = await call("/api/servers/gone/tools/echo/call");
    expect(gone).toMatchObject({ status: 503, body: { error: { code: "unavailable:server" } } });
  });

  it("keeps a tool's own failure a tool result, not an HTTP error", async () => {
    const { status, body } = await call("/api/servers/demo/tools/no_such_tool/call");
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "protocol_error", error: { code: -32602 } });
  });

  it("with TOOLSCOPE_API_TOKEN set, serves only callers that prove they know it", async () => {
    process.env.TOOLSCOPE_API_TOKEN = "s3cret-token";
    try {
      expect((await call("/api/servers/demo/tools/echo/call")).status).toBe(418);
      // The fast path leaves every request to Next until the session value is computed (the first
      // request starts that); on a busy machine that can take longer than these requests.
      const { sessionValue, SESSION_COOKIE } = await import("@/lib/auth/session-token");
      await sessionValue("s3cret-token");
      expect((await call("/api/servers/demo/tools/echo/call", { headers: { authorization: "Bearer wrong" } })).status).toBe(418);
      const bearer = await call("/api/servers/demo/tools/echo/call", { headers: { authorization: "Bearer s3cret-token" } });
      expect(bearer.status).toBe(200);
      expect((await auditRecord(bearer.body.auditId as string))?.actor).toBe("api-token");

      const cookie = `theme=dark; ${SESSION_COOKIE}=${await sessionValue("s3cret-token")}`;
      const browser = await call("/api/servers/demo/tools/echo/call", { headers: { cookie } });
      expect(browser.status).toBe(200);
      expect((await auditRecord(browser.body.auditId as string))?.actor).toBe("signed-in browser");
      expect((await call("/api/servers/demo/tools/echo/call", { headers: { cookie: `${SESSION_COOKIE}=forged` } })).status).toBe(418);
    } finally {
      delete process.env.TOOLSCOPE_API_TOKEN;
    }
  });

  it("cancels the call on the server when the caller hangs up", async () => {
    const hangUp = new AbortController();
    const pending = fetch(`${base}/api/servers/demo/tools/slow_task/call`, {
      method: "POST",
      body: JSON.stringify({ arguments: { steps: 50, stepMs: 100 } }),
      signal: hangUp.signal,
    }).catch((error: unknown) => error);
    const { auditStore } = await import("@/lib/audit");
    const store = await auditStore();
    await expect.poll(async () => (await store.listInvocations({ toolName: "slow_task" }))[0]?.outcome).toBe("pending");
    hangUp.abort();
    expect(await pending).toBeInstanceOf(Error);
    await expect.poll(async () => (await store.listInvocations({ toolName: "slow_task" }))[0]?.outcome).toBe("cancelled");
  });
});
