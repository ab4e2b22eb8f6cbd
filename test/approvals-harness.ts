// A hosted Toolscope for the approval queue's tests, on SQLite or PostgreSQL: the bootstrap token,
// two operators (Olga, Pia) with personal tokens their agents use, the demo server and a second
// copy of it ("ops") whose annotations are not trusted, so that every one of its tools waits; the
// real front door. Helpers: an agent (the official SDK client) on /mcp, and the approval API as the
// Approvals page uses it.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { Client, StreamableHTTPClientTransport, type ClientOptions } from "@modelcontextprotocol/client";
import { approvalsFor, decideApproval, type Decision } from "@/lib/approvals/approvals";
import { identify } from "@/lib/auth/identify";
import { invitePerson } from "@/lib/auth/people";
import { createToken } from "@/lib/auth/personal-tokens";
import type { ApprovalView } from "@/lib/domain/approvals";
import type { Caller } from "@/lib/domain/roles";
import { errorBody } from "@/lib/errors";
import { closeGateway } from "@/lib/gateway/gateway-http";
import { allConnections, connectionFor } from "@/lib/mcp/pool";
import { addServer } from "@/lib/mcp/servers";
import { saveServerPolicy } from "@/lib/policy/policy-store";
import { admin, POSTGRES_URL } from "./app-on-postgres";
import { BOOTSTRAP_ADMIN } from "./callers";
import { DEMO_CLI } from "./demo-client";
import { startFrontDoor, type TestFrontDoor } from "./front-door";
import { programArgs } from "./programs";
import { forgetProductSettings } from "@/test/product-settings";

export type Queue = { waiting: ApprovalView[]; decided: ApprovalView[] };

export type ApprovalsHarness = {
  bootstrap: string;
  tokens: Record<"olga" | "pia", string>;
  door: () => TestFrontDoor;
  /** An agent on /mcp with this token, closed after the file's tests. */
  agent: (token: string, options?: { name?: string; version?: string; fetch?: typeof fetch; client?: ClientOptions }) => Promise<Client>;
  /** The person a token stands for, as the front door identifies them. */
  callerFor: (token: string) => Promise<Caller>;
  /** The same person signed in in a browser: only such a sign-in decides an agent's call (no token may). */
  inBrowser: (caller: Caller) => Caller;
  /**
   * What GET /api/approvals (as the token sees it) and POST /api/approvals/{id} (as its person
   * decides it, signed in in a browser) answer: the same lib functions, with the error model's status.
   */
  api: <T>(token: string, method: "GET" | "POST", route: string, body?: unknown) => Promise<{ status: number; body: T }>;
  /** The waiting approval for this tool, once the agent's call has reached the queue. */
  waitingFor: (token: string, toolName: string) => Promise<ApprovalView>;
};

/** Registers the file's hooks. `opsTimeoutSeconds`: how long an ops tool's call waits for a person. */
export function approvalsHarness(kind: "sqlite" | "postgres", { opsTimeoutSeconds }: { opsTimeoutSeconds: number }): ApprovalsHarness {
  const savedEnv = { ...process.env };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-approvals-"));
  const schema = `approvals_${crypto.randomBytes(4).toString("hex")}`;
  const bootstrap = `approvals-${crypto.randomBytes(8).toString("hex")}`;
  const tokens = { olga: "", pia: "" };
  const clients: Client[] = [];
  let door: TestFrontDoor | undefined;

  beforeAll(async () => {
    forgetProductSettings();
    Object.assign(process.env, { TOOLSCOPE_DATA_DIR: dataDir, TOOLSCOPE_API_TOKEN: bootstrap, TOOLSCOPE_STDIO: "on" });
    if (kind === "postgres") {
      await admin(`create schema ${schema}`);
      process.env.DATABASE_URL = `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    }
    for (const key of ["olga", "pia"] as const) {
      const { person } = await invitePerson(
        { email: `${key}@example.com`, role: "operator", password: "generate" },
        { actor: "test", clientIp: null },
      );
      tokens[key] = (await createToken(person.id, { name: `${key}'s agent`, scopes: ["read", "call"], expiresInDays: 1 })).secret;
    }
    await addServer("ops", { command: process.execPath, args: [...programArgs(DEMO_CLI), "stdio"] }, BOOTSTRAP_ADMIN);
    await saveServerPolicy("ops", { agents: { timeoutSeconds: opsTimeoutSeconds } }, null);
    door = await startFrontDoor();
    await Promise.all([(await connectionFor("demo")).ready(), (await connectionFor("ops")).ready()]);
  }, 60_000);

  afterAll(async () => {
    for (const client of clients) await client.close().catch(() => undefined);
    await closeGateway();
    await door?.close();
    await Promise.all((await allConnections()).map((connection) => connection.close()));
    if (kind === "postgres") {
      const { database } = await import("@/lib/db");
      await (await database()).destroy();
      await admin(`drop schema ${schema} cascade`);
    }
    process.env = savedEnv;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const callerFor = async (token: string): Promise<Caller> =>
    (await identify({ headers: new Headers({ authorization: `Bearer ${token}` }), clientIp: "127.0.0.1" })).caller;
  const inBrowser = (caller: Caller): Caller => ({
    ...caller,
    authMethod: caller.authMethod === "bootstrap-token" ? "bootstrap-token" : "password",
    scopes: null,
    sessionId: `browser of ${caller.actor}`,
  });
  const api = async <T>(token: string, method: "GET" | "POST", route: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const caller = await callerFor(token);
    try {
      if (method === "GET") return { status: 200, body: (await approvalsFor(caller)) as T };
      const id = route.split("/").at(-1)!;
      return { status: 200, body: (await decideApproval(id, body as Decision, inBrowser(caller), { fromPage: true })) as T };
    } catch (error) {
      const { status, body: answer } = errorBody(error);
      return { status, body: answer as T };
    }
  };
  return {
    bootstrap,
    tokens,
    door: () => door!,
    agent: async (token, options = {}) => {
      const client = new Client({ name: options.name ?? "approval-bot", version: options.version ?? "2.0.0" }, options.client);
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${door!.base}/mcp`), {
          ...(options.fetch ? { fetch: options.fetch } : {}),
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      clients.push(client);
      return client;
    },
    callerFor,
    inBrowser,
    api,
    waitingFor: async (token, toolName) => {
      let found: ApprovalView | undefined;
      await expect
        .poll(async () => {
          found = (await api<Queue>(token, "GET", "/api/approvals")).body.waiting.find((a) => a.toolName === toolName);
          return found;
        })
        .toBeDefined();
      return found!;
    },
  };
}
