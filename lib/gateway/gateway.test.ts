// Toolscope's MCP endpoint for agents, through the real front door, with the official SDK client
// on both eras: a hosted Toolscope with two demo servers, one of them only for Pia. Each person's
// agent sees exactly the tools they may call, named {server}__{tool}; a viewer's token calls
// nothing; every call is audited as made by the person, via the agent; the three failure kinds
// arrive as MCP has them; progress and list_changed are relayed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, LOG_LEVEL_META_KEY, ProtocolError, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { listAudit } from "@/lib/audit/query";
import { readerOf } from "@/lib/audit/visibility";
import { changePerson, invitePerson } from "@/lib/auth/people";
import { createToken, revokeToken } from "@/lib/auth/personal-tokens";
import { connectionFor } from "@/lib/mcp/pool";
import { openAgentSessions } from "@/lib/gateway/gateway-http";
import { saveVirtualServer } from "@/lib/gateway/virtual-store";
import { composeVirtualServer } from "@/lib/gateway/virtual-servers";
import { BOOTSTRAP_ADMIN } from "@/test/callers";
import { startGatewayScene, toolNames as names, type GatewayScene } from "@/test/gateway-scene";
import { AUDIT_META, OUTCOME_META } from "./agent-call";

const ADMIN = BOOTSTRAP_ADMIN;
let scene: GatewayScene;
let door: GatewayScene["door"];
let tokens: GatewayScene["tokens"];
let open: Client[];
const agent: GatewayScene["agent"] = (...args) => scene.agent(...args);

beforeAll(async () => {
  scene = await startGatewayScene("gateway");
  ({ door, tokens, open } = scene);
}, 60_000);

afterAll(() => scene?.close());

describe.each(["2025", "2026"] as const)("/mcp on the %s revisions", (era) => {
  it("lists each person's tools across servers, prefixed, with the targets' definitions", async () => {
    const olga = await agent(tokens.olga!, era);
    const pia = await agent(tokens.pia!, era);
    const olgasTools = await names(olga.client);
    const piasTools = await names(pia.client);
    expect(olgasTools).toContain("demo__echo");
    expect(olgasTools.some((name) => name.startsWith("ops__"))).toBe(false);
    expect(piasTools).toContain("demo__echo");
    expect(piasTools).toContain("ops__echo");
    expect(piasTools.filter((name) => name.startsWith("ops__")).length).toBe(olgasTools.filter((n) => n.startsWith("demo__")).length);
    // Passed through: the title, the schema, the annotations.
    const target = (await connectionFor("demo")).findTool("delete_note")!;
    const listed = (await pia.client.listTools()).tools.find((tool) => tool.name === "demo__delete_note")!;
    expect(listed).toMatchObject({ title: target.title, inputSchema: target.inputSchema, annotations: target.annotations });
    // An app-only tool is not the model's to call.
    expect(olgasTools).not.toContain("demo__board_data");
  });

  it("calls a tool as the person, audited via the agent; another's server does not exist for them", async () => {
    const olga = await agent(tokens.olga!, era, `olga-bot-${era}`);
    const result = await olga.client.callTool({ name: "demo__echo", arguments: { message: `hello ${era}` } });
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result.content)).toContain(`hello ${era}`);
    const auditId = (result._meta as Record<string, unknown>)[AUDIT_META] as string;
    const { records } = await listAudit({ via: `agent:olga-bot-${era} 1.2.3`, limit: 10 }, readerOf(ADMIN, new Set()));
    expect(records.map((r) => r.id)).toEqual([auditId]);
    expect(records[0]).toMatchObject({ server_id: "demo", tool_name: "echo", auth_method: "personal-token", token_name: "olga's agent" });
    expect(records[0]?.actor).toContain("olga@example.com");

    await expect(olga.client.callTool({ name: "ops__echo", arguments: { message: "x" } })).rejects.toThrow(/Unknown tool: ops__echo/);
  });

  it("keeps the three failure kinds apart", async () => {
    const olga = await agent(tokens.olga!, era);
    const toolError = await olga.client.callTool({ name: "demo__fail_tool", arguments: {} });
    expect(toolError.isError).toBe(true);
    expect((toolError._meta as Record<string, unknown>)[OUTCOME_META]).toBeUndefined();
    const protocol = await olga.client.callTool({ name: "demo__protocol_error", arguments: {} }).catch((error: unknown) => error);
    expect(protocol).toBeInstanceOf(ProtocolError);
    expect((protocol as ProtocolError).code).toBe((await directProtocolError()).code);
  });

  it("relays progress", async () => {
    const olga = await agent(tokens.olga!, era);
    const seen: number[] = [];
    const result = await olga.client.callTool(
      // Steps far enough apart that each notification has a read of its own (the SDK client drops
      // one that arrives in the same read as the result: docs/conformance.md, the progress race).
      { name: "demo__slow_task", arguments: { steps: 4, stepMs: 100 } },
      { onprogress: (progress) => void seen.push(progress.progress) },
    );
    expect(result.isError).toBeFalsy();
    expect(seen.length).toBeGreaterThanOrEqual(2);
  });

  it("relays the target's log messages to an agent that asked for them, from its level up, and to no other", async () => {
    const olga = await agent(tokens.olga!, era);
    const heard: unknown[] = [];
    olga.client.setNotificationHandler("notifications/message", (notification) => void heard.push(notification.params.data));
    await olga.client.callTool({ name: "demo__echo", arguments: { message: "unheard" } });
    // 2025: the session's level; 2026: the request's own (an envelope key, sent as the client's _meta).
    if (era === "2025") await olga.client.setLoggingLevel("info");
    const meta = era === "2026" ? { _meta: { [LOG_LEVEL_META_KEY]: "info" } } : {};
    await olga.client.callTool({ name: "demo__echo", arguments: { message: "heard" }, ...meta });
    await expect.poll(() => heard).toContain("tools/call echo");
    expect(heard).toHaveLength(1);
  });

  it("a viewer's token, and a token without the call scope, list nothing and call nothing", async () => {
    for (const who of ["vera", "reader"] as const) {
      const client = (await agent(tokens[who]!, era)).client;
      expect(await names(client)).toEqual([]);
      const refused = await client.callTool({ name: "demo__echo", arguments: { message: "no" } });
      expect(refused.isError).toBe(true);
      expect((refused._meta as Record<string, unknown>)[OUTCOME_META]).toBe("forbidden");
    }
  });
});

it("tells agents of both eras when a server's tool list changes", async () => {
  const modern = await agent(tokens.olga!, "2026");
  const legacy = await agent(tokens.olga!, "2025");
  await names(modern.client);
  await names(legacy.client);
  // The 2026 client hears list_changed on its subscriptions/listen stream, opened on first listing.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const before = (await names(legacy.client)).length;
  await (await agent(tokens.olga!, "2025")).client.callTool({ name: "demo__toggle_bonus_tool", arguments: {} });
  await expect.poll(() => legacy.changes(), { timeout: 10_000 }).toBeGreaterThan(0);
  await expect.poll(() => modern.changes(), { timeout: 10_000 }).toBeGreaterThan(0);
  expect((await names(legacy.client)).length).toBe(before + 1);
});

it("tells an agent when its person's role changes, and lists what the new role allows", async () => {
  const { person } = await invitePerson(
    { email: "rolf@example.com", role: "operator", password: "generate" },
    { actor: "test", clientIp: null },
  );
  const token = (await createToken(person.id, { name: "rolf's agent", scopes: ["call"], expiresInDays: 1 })).secret;
  const legacy = await agent(token, "2025");
  expect((await names(legacy.client)).length).toBeGreaterThan(0);
  await new Promise((resolve) => setTimeout(resolve, 300));
  await changePerson(person.id, { role: "viewer" }, ADMIN);
  await expect.poll(() => legacy.changes(), { timeout: 10_000 }).toBeGreaterThan(0);
  expect(await names(legacy.client)).toEqual([]);
});

it("no longer counts as connected an agent whose token its person revoked: its session is closed", async () => {
  const { person } = await invitePerson(
    { email: "rita@example.com", role: "operator", password: "generate" },
    { actor: "test", clientIp: null },
  );
  const { token, secret } = await createToken(person.id, { name: "rita's agent", scopes: ["call"], expiresInDays: 1 });
  const rita = await agent(secret, "2025", "rita-bot");
  await names(rita.client);
  // Another agent of hers, with a token of its own, is not ended with the first.
  const other = await createToken(person.id, { name: "rita's other agent", scopes: ["read"], expiresInDays: 1 });
  const second = await agent(other.secret, "2025", "rita-reader");
  await names(second.client);
  const connected = async () =>
    (await openAgentSessions())
      .filter((session) => session.personId === person.id)
      .map((s) => s.client)
      .sort();
  expect(await connected()).toEqual(["rita-bot 1.2.3", "rita-reader 1.2.3"]);
  await revokeToken(token.id, person.id);
  expect(await connected()).toEqual(["rita-reader 1.2.3"]);
  await expect(names(rita.client)).rejects.toThrow();
  expect(await names(second.client)).toBeDefined();
});

it("answers a GET stream asked for outside a session 405, as the spec allows and clients expect", async () => {
  const answer = await fetch(`${door.base}/mcp`, {
    headers: { accept: "text/event-stream", authorization: `Bearer ${tokens.olga}`, "mcp-protocol-version": "2025-11-25" },
  });
  expect(answer.status).toBe(405);
  expect(answer.headers.get("allow")).toBe("POST");
});

it("refuses an agent without credentials with a bearer challenge, and another person's session", async () => {
  const anonymous = await fetch(`${door.base}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  expect(anonymous.status).toBe(401);
  expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer /);

  const olga = await agent(tokens.olga!, "2025");
  const sessionId = (olga.client.transport as StreamableHTTPClientTransport).sessionId!;
  const asPia = await fetch(`${door.base}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${tokens.pia}`,
      "mcp-session-id": sessionId,
      "mcp-protocol-version": "2025-11-25",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  expect(asPia.status).toBe(404);
});

describe("a virtual server", () => {
  it("shows each person only its chosen tools they may call, renamed, with pinned arguments out of reach", async () => {
    await saveVirtualServer(
      "support",
      {
        title: "Support desk",
        tools: [
          { server: "demo", tool: "echo", as: "say" },
          { server: "demo", tool: "get_weather", arguments: { city: "Oslo" }, description: "The weather in Oslo." },
          { server: "ops", tool: "echo", as: "ops_say" },
        ],
      },
      ADMIN,
    );
    // A pinned argument the tool does not have is refused, as is a server of no tools.
    await expect(
      composeVirtualServer("typo", { tools: [{ server: "demo", tool: "get_weather", arguments: { cty: "Oslo" } }] }, ADMIN),
    ).rejects.toThrow(/has no argument "cty" to pin; it takes city/);
    await expect(composeVirtualServer("empty", { tools: [] }, ADMIN)).rejects.toThrow(/at least one tool/);
    // A new one of the same name does not replace it.
    await expect(saveVirtualServer("support", { tools: [] }, ADMIN, { createOnly: true })).rejects.toMatchObject({
      code: "conflict:virtual_server",
    });
    const connect = async (token: string): Promise<Client> => {
      const client = new Client({ name: "support-bot", version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${door.base}/mcp/support`), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      open.push(client);
      return client;
    };
    const olga = await connect(tokens.olga!);
    const listed = (await olga.listTools()).tools;
    expect(listed.map((tool) => tool.name).sort()).toEqual(["demo__get_weather", "say"]);
    const weather = listed.find((tool) => tool.name === "demo__get_weather")!;
    expect(weather.description).toBe("The weather in Oslo.");
    expect(Object.keys(weather.inputSchema.properties ?? {})).not.toContain("city");
    expect((await names(await connect(tokens.pia!))).sort()).toEqual(["demo__get_weather", "ops_say", "say"]);

    const said = await olga.callTool({ name: "say", arguments: { message: "via support" } });
    expect(JSON.stringify(said.content)).toContain("via support");
    // The pinned city wins over the agent's.
    const result = await olga.callTool({ name: "demo__get_weather", arguments: { city: "Paris" } });
    expect(JSON.stringify(result.content)).toContain("Oslo");
    await expect(olga.callTool({ name: "ops_say", arguments: { message: "x" } })).rejects.toThrow(/Unknown tool: ops_say/);
  });

  it("answers 404 for one that does not exist", async () => {
    const answer = await fetch(`${door.base}/mcp/nowhere`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${tokens.olga}`,
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "x", version: "1" } },
      }),
    });
    expect(answer.status).toBe(404);
  });
});

/** What the demo server's protocol_error tool answers when called directly. */
async function directProtocolError(): Promise<{ code: number }> {
  const connection = await connectionFor("demo");
  try {
    await connection.callTool("protocol_error", {});
  } catch (error) {
    return { code: (error as { code: number }).code };
  }
  throw new Error("protocol_error answered");
}
