// Definition pinning in a hosted Toolscope (people have accounts), through its real front door
// and call pipeline: a tool whose description changes after an admin approved the list is held
// (its calls refused, the change in the audit log) until an admin approves the new definition;
// a new tool that fails the poisoning scan is held from the start. Servers: test/fixtures'
// list-changes (its `revise` rewrites `target` and announces it) and report-card (poisoned tools).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { closeGateway } from "@/lib/gateway/gateway-http";
import { invitePerson } from "@/lib/auth/people";
import { createToken } from "@/lib/auth/personal-tokens";
import type { Caller } from "@/lib/domain/roles";
import { connectionFor } from "@/lib/mcp/pool";
import { startFrontDoor, type TestFrontDoor } from "@/test/front-door";
import { stdioCommand } from "@/test/fixtures/spawn";
import { approveDefinitions, pinsView } from "./definition-pins";
import { watchDefinitions } from "./watch";
import { forgetProductSettings } from "@/test/product-settings";

const savedEnv = { ...process.env };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-pins-hosted-"));
const ADMIN: Caller = {
  actor: "Ada <ada@example.com>",
  clientIp: "127.0.0.1",
  userId: "user-ada",
  name: "Ada",
  email: "ada@example.com",
  role: "admin",
  groups: [],
  authMethod: "password",
  tokenName: null,
  scopes: null,
  sessionId: null,
};
const OPERATOR: Caller = {
  ...ADMIN,
  actor: "Olga <olga@example.com>",
  userId: "user-olga",
  name: "Olga",
  email: "olga@example.com",
  role: "operator",
};
let door: TestFrontDoor;
let token = "";
let agent: Client | undefined;

/** What an agent of Olga's is offered through /mcp now: each tool's description by gateway name. */
async function offered(): Promise<Record<string, string | undefined>> {
  if (!agent) {
    agent = new Client({ name: "pins-agent", version: "1.0.0" });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL(`${door.base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
    );
  }
  return Object.fromEntries((await agent.listTools()).tools.map((tool) => [tool.name, tool.description]));
}

beforeAll(async () => {
  forgetProductSettings();
  fs.writeFileSync(
    path.join(dataDir, "mcp.json"),
    JSON.stringify({ mcpServers: { changes: stdioCommand("list-changes.ts"), graded: stdioCommand("report-card.ts") } }),
  );
  Object.assign(process.env, {
    TOOLSCOPE_DATA_DIR: dataDir,
    TOOLSCOPE_CONFIG: path.join(dataDir, "mcp.json"),
    TOOLSCOPE_DEMO_SERVER: "off",
  });
  const { person } = await invitePerson(
    { email: "olga@example.com", role: "operator", password: "generate" },
    { actor: "test", clientIp: null },
  );
  token = (await createToken(person.id, { name: "pins", scopes: ["read", "call"], expiresInDays: 1 })).secret;
  watchDefinitions();
  door = await startFrontDoor();
  await (await connectionFor("changes")).ready();
}, 60_000);

afterAll(async () => {
  await agent?.close();
  await closeGateway();
  await door?.close();
  const { allConnections } = await import("@/lib/mcp/pool");
  await Promise.all((await allConnections()).map((connection) => connection.close()));
  process.env = savedEnv;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function call(serverId: string, tool: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${door.base}/api/servers/${serverId}/tools/${tool}/call`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ arguments: {} }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function auditEvents(kind: string): Promise<{ arguments: unknown; actor_name: string | null }[]> {
  const { database } = await import("@/lib/db");
  const rows = await (await database()).selectFrom("audit_log").select(["arguments", "actor_name"]).where("kind", "=", kind).execute();
  return rows.map((row) => ({ ...row, arguments: JSON.parse(row.arguments ?? "null") }));
}

describe("definition pinning when hosted", () => {
  it("waits for an admin's first approval without holding anything, then pins the list", async () => {
    await expect
      .poll(async () => (await pinsView("changes", ADMIN)).pending.map((p) => [p.tool, p.reason, p.held]), { timeout: 10_000 })
      .toEqual([
        ["revise", "first", false],
        ["target", "first", false],
      ]);
    expect((await call("changes", "target")).status).toBe(200);
    expect((await pinsView("changes", OPERATOR)).mayApprove).toBe(false);
    const view = await approveDefinitions("changes", { all: true }, ADMIN);
    expect(view).toMatchObject({ policy: "hold", policySet: false, pinned: 2, pending: [] });
  });

  it("holds a tool whose description changed: calls refused, the change recorded, until an admin approves", async () => {
    expect((await call("changes", "revise")).status).toBe(200);
    await expect.poll(async () => (await pinsView("changes", ADMIN)).pending.length, { timeout: 10_000 }).toBe(1);
    const [pending] = (await pinsView("changes", ADMIN)).pending;
    expect(pending).toMatchObject({ tool: "target", reason: "changed", held: true });
    expect(pending!.changes).toEqual([{ path: ".description", kind: "changed", before: "Revision 1.", after: "Revision 2." }]);

    // Agents are offered the definition an admin approved, not the one waiting (issue 43).
    expect((await offered())["changes__target"]).toBe("Revision 1.");

    const refused = await call("changes", "target");
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: { code: "conflict:tool_definition", message: expect.stringContaining("target's definition changed since it was approved") },
    });
    // Only the changed tool is held.
    expect((await call("changes", "revise")).status).toBe(200);

    const changes = await auditEvents("tool_definition_changed");
    expect(changes.length).toBeGreaterThanOrEqual(1);
    expect(changes[0]).toMatchObject({
      actor_name: "Toolscope",
      arguments: { subject: "target", held: true, changes: [expect.objectContaining({ path: ".description" })] },
    });

    // revise ran twice: the definition now listed is revision 3, and that is the one an admin approves.
    await expect
      .poll(async () => (await pinsView("changes", ADMIN)).pending.map((p) => p.changes.map((c) => (c as { after?: unknown }).after)), {
        timeout: 10_000,
      })
      .toEqual([["Revision 3."]]);
    const current = (await pinsView("changes", ADMIN)).pending[0]!;
    expect((await offered())["changes__target"]).toBe("Revision 1.");
    await approveDefinitions("changes", { tool: "target", hash: current.hash }, ADMIN);
    expect((await call("changes", "target")).status).toBe(200);
    expect((await offered())["changes__target"]).toBe("Revision 3.");
    expect(await auditEvents("tool_definition_approved")).toContainEqual(
      expect.objectContaining({ actor_name: "Ada", arguments: expect.objectContaining({ subject: "target", hash: current.hash }) }),
    );
  });

  it("holds a new tool that fails the poisoning scan from the start, and says why", async () => {
    await (await connectionFor("graded")).ready();
    await expect
      .poll(async () => (await pinsView("graded", ADMIN)).pending.filter((p) => p.reason === "flagged").map((p) => p.tool), {
        timeout: 10_000,
      })
      .toContain("important_tag");
    const flagged = (await pinsView("graded", ADMIN)).pending.find((p) => p.tool === "important_tag")!;
    expect(flagged).toMatchObject({ held: true, flags: [expect.stringContaining("a tag that poses as system text")] });
    // Not offered to agents at all, nor callable by its gateway name, until an admin approves it (issue 43).
    const tools = await offered();
    expect(tools).not.toHaveProperty("graded__important_tag");
    expect(tools).toHaveProperty("graded__weather");
    await expect(agent!.callTool({ name: "graded__important_tag", arguments: {} })).rejects.toThrow(/Unknown tool/);
    const refused = await call("graded", "important_tag");
    expect(refused).toMatchObject({ status: 409, body: { error: { message: expect.stringContaining("failed the poisoning scan") } } });
    // A clean tool of the same server waits for its first approval, but is not held.
    expect((await call("graded", "weather")).status).toBe(200);
    expect(await auditEvents("tool_definition_flagged")).toContainEqual(
      expect.objectContaining({ arguments: expect.objectContaining({ subject: "important_tag" }) }),
    );
  });
});
