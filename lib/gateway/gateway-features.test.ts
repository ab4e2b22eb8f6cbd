// Resources, prompts and completions through /mcp, with the official SDK client on both eras: each
// person's agent sees those of the servers they may use (Pia's "ops" is hers alone), under names
// and URIs that map back to one server; a read, a get and a completion go through the call
// pipeline as the person, audited via the agent; the target's errors arrive as MCP has them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProtocolError } from "@modelcontextprotocol/client";
import { listAudit } from "@/lib/audit/query";
import { readerOf } from "@/lib/audit/visibility";
import { BOOTSTRAP_ADMIN } from "@/test/callers";
import { startGatewayScene, type GatewayScene } from "@/test/gateway-scene";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { agentResourceUri, targetOfResourceUri } from "./agent-features";
import { composeVirtualServer } from "./virtual-servers";
import { listenWatchCount } from "./listen-watches";

let scene: GatewayScene;
// The demo's clock ticks fast here: the test waits for a tick, not for time.
process.env.TOOLSCOPE_DEMO_CLOCK_MS = "200";

beforeAll(async () => {
  scene = await startGatewayScene("gateway-features");
}, 60_000);

afterAll(() => scene?.close());

it("wraps a server's URI and unwraps it whole, and leaves others' URIs alone", () => {
  const wrapped = agentResourceUri("demo", "demo://weather/{city}?units=metric#now");
  expect(wrapped).toBe("toolscope://demo/demo://weather/{city}?units=metric#now");
  expect(targetOfResourceUri(wrapped)).toEqual({ serverId: "demo", uri: "demo://weather/{city}?units=metric#now" });
  for (const foreign of ["demo://weather/Oslo", "toolscope://demo", "toolscope://demo/", "toolscope:///x"])
    expect(targetOfResourceUri(foreign), foreign).toBeUndefined();
});

describe.each(["2025", "2026"] as const)("resources and prompts through /mcp on the %s revisions", (era) => {
  it("lists each person's resources, templates and prompts across servers, and not another's", async () => {
    const olga = (await scene.agent(scene.tokens.olga, era)).client;
    const pia = (await scene.agent(scene.tokens.pia, era)).client;
    expect(olga.getServerCapabilities()).toMatchObject({ resources: {}, prompts: {}, completions: {} });

    const olgas = (await olga.listResources()).resources.map((r) => r.uri);
    const pias = (await pia.listResources()).resources.map((r) => r.uri);
    expect(olgas).toContain("toolscope://demo/demo://files/report.csv");
    expect(olgas.some((uri) => uri.startsWith("toolscope://ops/"))).toBe(false);
    expect(pias).toContain("toolscope://ops/demo://files/report.csv");
    expect((await pia.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual(
      expect.arrayContaining(["toolscope://demo/demo://weather/{city}", "toolscope://ops/demo://weather/{city}"]),
    );
    const prompts = (await pia.listPrompts()).prompts.map((p) => p.name);
    expect(prompts).toEqual(expect.arrayContaining(["demo__summarize_report", "ops__summarize_report"]));
    expect((await olga.listPrompts()).prompts.map((p) => p.name)).not.toContain("ops__summarize_report");
  });

  it("reads, gets and completes as the person, audited via the agent", async () => {
    const client = (await scene.agent(scene.tokens.pia, era, `pia-reader-${era}`)).client;
    const read = await client.readResource({ uri: "toolscope://ops/demo://weather/Porto%20Alegre" });
    expect(read.contents[0]).toMatchObject({ uri: "toolscope://ops/demo://weather/Porto%20Alegre", mimeType: "application/json" });

    const cities = await client.complete({
      ref: { type: "ref/resource", uri: "toolscope://ops/demo://weather/{city}" },
      argument: { name: "city", value: "Po" },
    });
    expect(cities.completion.values).toContain("Porto");
    const styles = await client.complete({
      ref: { type: "ref/prompt", name: "demo__summarize_report" },
      argument: { name: "style", value: "s" },
    });
    expect(styles.completion.values).toEqual(["short"]);

    const prompt = await client.getPrompt({ name: "demo__summarize_report", arguments: { style: "short", audience: "the board" } });
    expect(JSON.stringify(prompt.messages)).toContain("Write a short summary of this report for the board.");

    const { records } = await listAudit({ via: `agent:pia-reader-${era} 1.2.3`, limit: 10 }, readerOf(BOOTSTRAP_ADMIN, new Set()));
    expect(records.map((r) => [r.kind, r.server_id, r.tool_name]).reverse()).toEqual([
      ["resource_read", "ops", "demo://weather/Porto%20Alegre"],
      ["completion", "ops", "demo://weather/{city}"],
      ["completion", "demo", "summarize_report"],
      ["prompt_get", "demo", "summarize_report"],
    ]);
    expect(records.every((r) => r.actor.includes("pia@example.com") && r.token_name === "pia's agent")).toBe(true);
  });

  it("refuses what is not the person's or not Toolscope's, and passes the target's errors on", async () => {
    const olga = (await scene.agent(scene.tokens.olga, era)).client;
    const refusal = (work: Promise<unknown>): Promise<ProtocolError> =>
      work.then(
        () => Promise.reject(new Error("answered")),
        (e: ProtocolError) => e,
      );
    // Pia's server, a URI Toolscope never handed out, a prompt no server has.
    expect((await refusal(olga.readResource({ uri: "toolscope://ops/demo://files/report.csv" }))).message).toMatch(/Unknown resource/);
    const hiddenTemplate = { type: "ref/resource" as const, uri: "toolscope://ops/demo://weather/{city}" };
    expect((await refusal(olga.complete({ ref: hiddenTemplate, argument: { name: "city", value: "P" } }))).message).toMatch(
      /Unknown resource/,
    );
    expect((await refusal(olga.readResource({ uri: "demo://files/report.csv" }))).message).toMatch(/Unknown resource/);
    expect((await refusal(olga.getPrompt({ name: "ops__summarize_report", arguments: { style: "short" } }))).message).toMatch(
      /Unknown prompt/,
    );
    // The demo's own answer to a resource it does not have, as a protocol error with the record's id.
    const missing = await refusal(olga.readResource({ uri: "toolscope://demo/demo://files/nothing-here" }));
    expect(missing).toBeInstanceOf(ProtocolError);
    expect(missing.data).toMatchObject({ outcome: "protocol_error", auditId: expect.any(String) });

    // A viewer's token and a token without the call scope list nothing and read nothing.
    for (const who of ["vera", "reader"] as const) {
      const client = (await scene.agent(scene.tokens[who], era)).client;
      const listed = await client.listResources();
      if (who === "vera") expect(listed.resources.length).toBeGreaterThan(0);
      await expect(client.readResource({ uri: "toolscope://demo/demo://files/report.csv" })).rejects.toThrow(/does not allow/);
    }
  });
});

it("a 2025 session subscribes to the demo's clock through /mcp, hears it change, and unsubscribes", async () => {
  const { client } = await scene.agent(scene.tokens.olga, "2025");
  expect(client.getServerCapabilities()?.resources).toMatchObject({ subscribe: true });
  const heard: string[] = [];
  client.setNotificationHandler("notifications/resources/updated", (notification) => void heard.push(notification.params.uri));
  await client.subscribeResource({ uri: "toolscope://demo/demo://clock/now" });
  await expect.poll(() => heard.length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(new Set(heard)).toEqual(new Set(["toolscope://demo/demo://clock/now"]));
  await client.unsubscribeResource({ uri: "toolscope://demo/demo://clock/now" });
  // A URI of a server the person may not use is refused, as is one that cannot be watched.
  await expect(client.subscribeResource({ uri: "toolscope://ops/demo://clock/now" })).rejects.toThrow(/Unknown resource/);
});

it("a 2026-07-28 agent listens to the demo's clock through /mcp, hears it change, and stops", async () => {
  const { client } = await scene.agent(scene.tokens.olga, "2026");
  expect(client.getServerCapabilities()?.resources).toMatchObject({ subscribe: true });
  const heard: string[] = [];
  client.setNotificationHandler("notifications/resources/updated", (notification) => void heard.push(notification.params.uri));
  const before = listenWatchCount();
  const subscription = await client.listen({
    resourceSubscriptions: ["toolscope://demo/demo://clock/now", "toolscope://ops/demo://clock/now"],
  });
  // Pia's server is not Olga's: it is not watched, and the acknowledgement says so.
  expect(subscription.honoredFilter.resourceSubscriptions).toEqual(["toolscope://demo/demo://clock/now"]);
  await expect.poll(() => heard.length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(new Set(heard)).toEqual(new Set(["toolscope://demo/demo://clock/now"]));
  expect(listenWatchCount()).toBe(before + 1);
  await subscription.close();
  // The stream closed, the watch at the demo server ends with it.
  await expect.poll(() => listenWatchCount(), { timeout: 15_000 }).toBe(before);
});

it("tells agents of both eras when a server's resources and prompts change", async () => {
  const modern = await scene.agent(scene.tokens.olga, "2026");
  const legacy = await scene.agent(scene.tokens.olga, "2025");
  // The 2026 client hears list_changed on its subscriptions/listen stream, opened on its first listings.
  for (const { client } of [modern, legacy]) {
    await client.listResources();
    await client.listPrompts();
    await client.listTools();
  }
  const before = (await legacy.client.listResources()).resources.length;
  await legacy.client.callTool({ name: "demo__toggle_bonus_tool", arguments: {} });
  for (const agent of [legacy, modern])
    for (const list of ["resources", "prompts"] as const)
      await expect.poll(() => agent.changes(list), { timeout: 10_000 }).toBeGreaterThan(0);
  expect((await legacy.client.listResources()).resources.length).toBe(before + 1);
  await legacy.client.callTool({ name: "demo__toggle_bonus_tool", arguments: {} });
});

it("a virtual server serves the resources and prompts of the servers it names, and no others", async () => {
  await composeVirtualServer("weather-desk", { tools: [{ server: "demo", tool: "get_weather" }], featuresOf: ["demo"] }, BOOTSTRAP_ADMIN);
  await composeVirtualServer("tools-only", { tools: [{ server: "demo", tool: "get_weather" }] }, BOOTSTRAP_ADMIN);
  const connect = async (name: string, token: string): Promise<Client> => {
    const client = new Client({ name: "desk-agent", version: "1.0.0" }, { versionNegotiation: { mode: "legacy" } });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${scene.door.base}/mcp/${name}`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    scene.open.push(client);
    return client;
  };
  const desk = await connect("weather-desk", scene.tokens.pia);
  const uris = (await desk.listResources()).resources.map((r) => r.uri);
  expect(uris).toContain("toolscope://demo/demo://files/report.csv");
  // Pia may use ops, but the virtual server does not name it.
  expect(uris.some((uri) => uri.startsWith("toolscope://ops/"))).toBe(false);
  await expect(desk.readResource({ uri: "toolscope://ops/demo://files/report.csv" })).rejects.toThrow(/Unknown resource/);
  expect((await desk.readResource({ uri: "toolscope://demo/demo://files/report.csv" })).contents[0]?.uri).toBe(
    "toolscope://demo/demo://files/report.csv",
  );
  expect((await desk.listPrompts()).prompts.map((p) => p.name)).toContain("demo__summarize_report");
  await expect(desk.getPrompt({ name: "ops__greeting" })).rejects.toThrow(/Unknown prompt/);

  const toolsOnly = await connect("tools-only", scene.tokens.pia);
  expect((await toolsOnly.listResources()).resources).toEqual([]);
  expect((await toolsOnly.listPrompts()).prompts).toEqual([]);
});
