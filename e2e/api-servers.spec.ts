// The HTTP API for servers, as a script would use it: add a server by URL (secrets stay
// server-side), list its tools, call one, edit it, export and import mcp.json, remove it;
// and the local-mode guards on Host and Origin.
import { expect, test } from "./test";
import { startDemoHttpServer, type DemoHttpServer } from "../lib/demo-server/http";

let demo: DemoHttpServer;
const SECRET = "Bearer s3cret-value-123";

test.beforeAll(async () => {
  demo = await startDemoHttpServer({});
});
test.afterAll(async () => {
  await demo?.close();
});

test("add, use, edit, export and remove a Streamable HTTP server", async ({ request }) => {
  const added = await request.post("/api/servers", {
    data: { id: "http-demo", name: "Demo over HTTP", url: demo.url, headers: { Authorization: SECRET } },
  });
  expect(added.status()).toBe(201);
  const addedBody = await added.json();
  expect(addedBody.server).toMatchObject({
    id: "http-demo",
    source: "database",
    transport: "auto",
    config: { headerNames: ["Authorization"] },
  });
  expect(JSON.stringify(addedBody)).not.toContain("s3cret");

  const tools = await (await request.get("/api/servers/http-demo/tools")).json();
  expect(tools.server).toMatchObject({ status: "ready", activeTransport: "streamable-http", protocolVersion: "2026-07-28" });
  expect(tools.tools).toHaveLength(26);

  const call = await (
    await request.post("/api/servers/http-demo/tools/echo/call", { data: { arguments: { message: "over http" } } })
  ).json();
  expect(call).toMatchObject({ status: "ok", result: { content: [{ type: "text", text: "over http" }] } });

  const duplicate = await request.post("/api/servers", { data: { id: "http-demo", url: demo.url } });
  expect(duplicate.status()).toBe(409);
  expect((await duplicate.json()).error.code).toBe("conflict:server");

  // A stored secret is not carried to another URL, where its new owner could read it.
  const moved = await request.put("/api/servers/http-demo", {
    data: { type: "http", url: "http://127.0.0.1:9/elsewhere", headers: { Authorization: null } },
  });
  expect(moved.status()).toBe(400);
  expect((await moved.json()).error.message).toMatch(/not carried over/);

  const renamed = await request.put("/api/servers/http-demo", {
    data: { name: "Renamed", type: "http", url: demo.url, headers: { Authorization: null } },
  });
  expect(renamed.status()).toBe(200);
  expect((await renamed.json()).server).toMatchObject({
    name: "Renamed",
    transport: "streamable-http",
    config: { headerNames: ["Authorization"] },
  });

  const exported = await request.get("/api/servers/mcp.json");
  const document = await exported.json();
  expect(document.mcpServers["http-demo"]).toEqual({
    type: "http",
    url: demo.url,
    headers: { Authorization: "<redacted>" },
    name: "Renamed",
  });
  expect(JSON.stringify(document)).not.toContain("s3cret");

  expect((await request.delete("/api/servers/http-demo")).status()).toBe(200);
  const gone = await request.get("/api/servers/http-demo");
  expect(gone.status()).toBe(404);
  expect((await gone.json()).error.code).toBe("not_found:server");
});

test("import mcp.json: valid entries are added, the rest skipped with a reason", async ({ request }) => {
  const response = await request.post("/api/servers/mcp.json", {
    data: {
      mcpServers: { "imported-sse": { type: "sse", url: "http://127.0.0.1:9/sse" }, "Bad Id": { command: "x" }, demo: { command: "node" } },
    },
  });
  expect(response.status()).toBe(200);
  const result = await response.json();
  expect(result.imported).toEqual(["imported-sse"]);
  expect(result.skipped.map((s: { id: string }) => s.id).sort()).toEqual(["Bad Id", "demo"]);
  // A server that cannot be reached is listed as failed with the reason; the others are unaffected.
  await expect
    .poll(async () => (await (await request.get("/api/servers/imported-sse")).json()).server.status, { timeout: 15_000 })
    .toBe("failed");
  expect((await (await request.get("/api/servers/demo")).json()).server.status).toBe("ready");
  expect((await request.delete("/api/servers/imported-sse")).status()).toBe(200);
});

test("built-in servers cannot be removed through the API", async ({ request }) => {
  const response = await request.delete("/api/servers/demo");
  expect(response.status()).toBe(409);
  expect((await response.json()).error.code).toBe("readonly:server");
});

test("invalid server configs get a clear 400", async ({ request }) => {
  const response = await request.post("/api/servers", { data: { id: "nope", url: "ftp://example.com" } });
  expect(response.status()).toBe(400);
  expect((await response.json()).error).toMatchObject({ code: "bad_request:config", message: expect.stringContaining("http") });
});

test("a foreign Host or a cross-origin POST is refused", async ({ request }) => {
  const host = await request.get("/api/servers", { headers: { host: "attacker.example" } });
  expect(host.status()).toBe(403);
  expect((await host.json()).error.code).toBe("forbidden:host");
  const origin = await request.post("/api/servers/demo/tools/echo/call", {
    headers: { origin: "https://attacker.example" },
    data: { arguments: { message: "x" } },
  });
  expect(origin.status()).toBe(403);
  expect((await origin.json()).error.code).toBe("forbidden:origin");
});

test("the raw JSON-RPC route passes any method through; tools/call through it is audited", async ({ request }) => {
  const rpc = async (body: object) => (await request.post("/api/servers/demo/rpc", { data: body })).json();
  const list = await rpc({ method: "tools/list" });
  expect(list.result.tools.length).toBe(26);
  const read = await rpc({ method: "resources/read", params: { uri: "demo://files/report.csv" } });
  expect(read.result.contents[0]).toMatchObject({ mimeType: "text/csv" });
  const unknown = await rpc({ method: "no/such/method" });
  expect(unknown.error.code).toBe(-32601);
  const call = await rpc({ method: "tools/call", params: { name: "echo", arguments: { message: "raw" } } });
  expect(call.result.content[0].text).toBe("raw");
  const { records } = await (await request.get("/api/audit?limit=5")).json();
  expect(records.find((r: { id: string }) => r.id === call.auditId)).toMatchObject({ tool_name: "echo", outcome: "ok" });
});

test("the JSON-RPC console on a server's page sends a method and shows the raw answer", async ({ page }) => {
  await page.goto("/servers/demo");
  const consolePanel = page.getByTestId("rpc-console");
  await consolePanel.getByLabel("Method").fill("resources/list");
  await page.getByTestId("rpc-send").click();
  await expect(page.getByTestId("rpc-answer")).toContainText("demo://files/report.csv");
  await consolePanel.getByLabel("Params (JSON)").fill("[1]");
  await page.getByTestId("rpc-send").click();
  await expect(consolePanel.getByRole("alert")).toHaveText("The params must be a JSON object.");
});
