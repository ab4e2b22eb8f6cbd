// A hosted Toolscope for the tests of its MCP endpoint for agents (/mcp), through the real front
// door: the built-in demo server, "ops" (the demo again, over stdio) for Pia alone, and four people
// with personal tokens: Olga and Pia (operators), Vera (a viewer) and Rhea (a token without the
// call scope). `agent` connects the official SDK client on either era, as a named client.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client, StreamableHTTPClientTransport, type Tool } from "@modelcontextprotocol/client";
import { invitePerson } from "@/lib/auth/people";
import { createToken } from "@/lib/auth/personal-tokens";
import { addServer } from "@/lib/mcp/servers";
import { saveServerPolicy } from "@/lib/policy/policy-store";
import { allConnections, connectionFor } from "@/lib/mcp/pool";
import { closeGateway } from "@/lib/gateway/gateway-http";
import { BOOTSTRAP_ADMIN } from "./callers";
import { startFrontDoor, type TestFrontDoor } from "./front-door";
import { DEMO_CLI } from "./demo-client";
import { programArgs } from "./programs";
import { forgetProductSettings } from "./product-settings";

export type Agent = {
  client: Client;
  /** How many times the client heard each list change (tools, resources, prompts). */
  changes: (list?: "tools" | "resources" | "prompts") => number;
};

export type GatewayScene = {
  door: TestFrontDoor;
  tokens: Record<"olga" | "pia" | "vera" | "reader", string>;
  agent: (token: string, era: "2025" | "2026", name?: string) => Promise<Agent>;
  /** Clients made outside `agent`, closed with the scene. */
  open: Client[];
  close: () => Promise<void>;
};

export async function startGatewayScene(name: string): Promise<GatewayScene> {
  const savedEnv = { ...process.env };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `toolscope-${name}-`));
  forgetProductSettings();
  Object.assign(process.env, {
    TOOLSCOPE_DATA_DIR: dataDir,
    TOOLSCOPE_API_TOKEN: `${name}-${crypto.randomBytes(8).toString("hex")}`,
    TOOLSCOPE_STDIO: "on",
  });
  const tokens = {} as GatewayScene["tokens"];
  for (const [key, email, role, scopes] of [
    ["olga", "olga@example.com", "operator", ["read", "call"]],
    ["pia", "pia@example.com", "operator", ["read", "call"]],
    ["vera", "vera@example.com", "viewer", ["read", "call"]],
    ["reader", "rhea@example.com", "operator", ["read"]],
  ] as const) {
    const { person } = await invitePerson({ email, role, password: "generate" }, { actor: "test", clientIp: null });
    tokens[key] = (await createToken(person.id, { name: `${key}'s agent`, scopes: [...scopes], expiresInDays: 1 })).secret;
  }
  await addServer(
    "ops",
    { command: process.execPath, args: [...programArgs(DEMO_CLI), "stdio"], access: { people: ["pia@example.com"], groups: [] } },
    BOOTSTRAP_ADMIN,
  );
  // echo declares no hints, so by the spec's defaults it is destructive and an agent's call would
  // wait for a person (lib/approvals, tested in agent-approvals.test.ts): not what these tests are about.
  await saveServerPolicy("demo", { agents: { tools: { echo: "allow" } } }, null);
  const door = await startFrontDoor();
  await Promise.all([(await connectionFor("demo")).ready(), (await connectionFor("ops")).ready()]);
  const open: Client[] = [];

  const agent = async (token: string, era: "2025" | "2026", clientName = "test-agent"): Promise<Agent> => {
    const changes = { tools: 0, resources: 0, prompts: 0 };
    const heard = (list: keyof typeof changes) => ({ debounceMs: 10, onChanged: () => void changes[list]++ });
    const client = new Client(
      { name: clientName, version: "1.2.3" },
      {
        versionNegotiation: { mode: era === "2026" ? { pin: "2026-07-28" } : "legacy" },
        listChanged: { tools: heard("tools"), resources: heard("resources"), prompts: heard("prompts") },
      },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${door.base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
    );
    open.push(client);
    return { client, changes: (list = "tools") => changes[list] };
  };

  const close = async (): Promise<void> => {
    for (const client of open) await client.close().catch(() => undefined);
    await closeGateway();
    await door.close();
    await Promise.all((await allConnections()).map((connection) => connection.close()));
    process.env = savedEnv;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { door, tokens, agent, open, close };
}

/** Every tool's name an agent lists, page by page, sorted. */
export async function toolNames(client: Client): Promise<string[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return tools.map((tool) => tool.name).sort();
}
