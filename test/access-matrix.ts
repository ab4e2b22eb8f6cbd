// Every API route and page × every kind of caller a hosted Toolscope has, with people in the
// database: signed out, each role signed in with a password, personal tokens of each scope, a
// revoked token, a disabled person, the bootstrap token. What each may do is written out below
// by hand, not derived from the route table the front door enforces, so that the two are
// checked against each other. Run once per database (access-matrix.*.test.ts).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditStore } from "@/lib/audit";
import { exportAudit } from "@/lib/audit/export";
import { getAuditEntry, listAudit } from "@/lib/audit/query";
import { auditReaderFor } from "@/lib/mcp/server-access";
import { changePerson, invitePerson } from "@/lib/auth/people";
import { createToken, revokeToken } from "@/lib/auth/personal-tokens";
import type { Caller, Role } from "@/lib/domain/roles";
import { signIn } from "@/lib/auth/session";
import { listServerSnapshots } from "@/lib/mcp/servers";
import { API_ROUTES } from "@/lib/http/api-routes";
import { sendRaw, startFrontDoor, type RawAnswer, type TestFrontDoor } from "./front-door";
import { forgetProductSettings } from "@/test/product-settings";

const POSTGRES_URL = process.env.TOOLSCOPE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const BOOTSTRAP = "access-matrix-bootstrap-token";

/** Who may use each route with each method; `scope`: the least personal-token scope that may (null: no token may). */
type Rule = "public" | "signed-in" | "no-token" | "account" | "decide" | { roles: Role[]; scope: "read" | "call" | null };
const EVERYONE: Role[] = ["viewer", "operator", "auditor", "admin"];
const CALLERS_OF_TOOLS: Role[] = ["operator", "admin"];
const read: Rule = { roles: EVERYONE, scope: "read" };
const call: Rule = { roles: CALLERS_OF_TOOLS, scope: "call" };
const admin: Rule = { roles: ["admin"], scope: null };
const payloads: Rule = { roles: ["auditor", "admin"], scope: "read" };

const RULES: Record<string, Rule> = {
  "GET /api/health": "public",
  "GET /api/ready": "public",
  "POST /api/form-validator": read,
  "GET /api/models": read,
  "GET /api/model-providers": read,
  "POST /api/model-providers": "no-token",
  "PATCH /api/model-providers/:name": "no-token",
  "DELETE /api/model-providers/:name": "no-token",
  "GET /api/model-judge": read,
  "PUT /api/model-judge": admin,
  "POST /api/playground/chat": read,
  "POST /api/playground/collection": call,
  "GET /api/evals": read,
  "POST /api/evals": call,
  "GET /api/evals/:suiteId": read,
  "PUT /api/evals/:suiteId": call,
  "DELETE /api/evals/:suiteId": call,
  "GET /api/evals/:suiteId/export": read,
  "GET /api/evals/:suiteId/runs": read,
  "POST /api/evals/:suiteId/runs": call,
  "GET /api/eval-runs/:runId": read,
  "POST /api/eval-runs/:runId/stop": call,
  "GET /api/session": "public",
  "POST /api/session": "public",
  "DELETE /api/session": "signed-in",
  "POST /api/account/password": "account",
  "GET /api/account/agents": "account",
  "DELETE /api/account/agents/:clientId": "account",
  "GET /api/sessions": "account",
  "DELETE /api/sessions": "account",
  "POST /api/auth/sign-in/social": "public",
  "GET /api/auth/callback/:providerId": "public",
  "POST /api/auth/callback/:providerId": "public",
  "GET /api/auth/oauth2/authorize": "public",
  "POST /api/auth/oauth2/register": "public",
  "POST /api/auth/oauth2/token": "public",
  "POST /api/auth/oauth2/revoke": "public",
  "POST /api/auth/oauth2/introspect": "public",
  "POST /api/auth/oauth2/consent": "account",
  "GET /api/auth/jwks": "public",
  "GET /api/tokens": "account",
  "POST /api/tokens": "account",
  "DELETE /api/tokens/:tokenId": "no-token",
  "GET /api/people": admin,
  "POST /api/people": admin,
  "PATCH /api/people/:userId": admin,
  "DELETE /api/people/:userId/sessions": admin,
  "GET /api/people/:userId/tokens": admin,
  "GET /api/audit": read,
  "GET /api/audit/export": read,
  "GET /api/audit/verify": read,
  "GET /api/audit/:auditId": read,
  "DELETE /api/calls/:auditId": call,
  "GET /api/approvals": read,
  "POST /api/approvals/:approvalId": "decide",
  "GET /api/virtual-servers": read,
  "GET /api/virtual-servers/:name": read,
  "PUT /api/virtual-servers/:name": admin,
  "DELETE /api/virtual-servers/:name": admin,
  "GET /api/saved-calls": read,
  "POST /api/saved-calls": call,
  "GET /api/saved-calls/:savedCallId": read,
  "PUT /api/saved-calls/:savedCallId": call,
  "DELETE /api/saved-calls/:savedCallId": call,
  "POST /api/saved-calls/:savedCallId/run": call,
  "GET /api/collections": read,
  "POST /api/collections": call,
  "POST /api/collections/import": call,
  "GET /api/collections/:collectionId": read,
  "PUT /api/collections/:collectionId": call,
  "DELETE /api/collections/:collectionId": call,
  "POST /api/collections/:collectionId/run": call,
  "GET /api/collections/:collectionId/export": read,
  "GET /api/servers": read,
  "POST /api/servers": admin,
  "POST /api/connection-tests": admin,
  "GET /api/servers/mcp.json": admin,
  "POST /api/servers/mcp.json": admin,
  "GET /api/servers/:serverId": read,
  "GET /api/servers/:serverId/protocol": payloads,
  "GET /api/servers/:serverId/tasks": call,
  "POST /api/servers/:serverId/protocol/:seq": call,
  "PUT /api/servers/:serverId": admin,
  "PATCH /api/servers/:serverId": admin,
  "DELETE /api/servers/:serverId": admin,
  "GET /api/servers/:serverId/events": read,
  "GET /api/servers/:serverId/icon": read,
  "POST /api/servers/:serverId/inputs/:inputId": call,
  "GET /api/servers/:serverId/policy": read,
  "PUT /api/servers/:serverId/policy": admin,
  // Each person authorizes a server for themselves (the shared authorization is checked further in).
  "GET /api/servers/:serverId/oauth": read,
  "DELETE /api/servers/:serverId/oauth": read,
  "POST /api/servers/:serverId/oauth/authorize": read,
  "POST /api/servers/:serverId/completions": call,
  "GET /api/servers/:serverId/log": call,
  "PUT /api/servers/:serverId/log": admin,
  "POST /api/servers/:serverId/ping": call,
  "GET /api/servers/:serverId/prompts": read,
  "GET /api/servers/:serverId/report": read,
  "GET /api/servers/:serverId/definitions": read,
  "POST /api/servers/:serverId/definitions/approve": admin,
  "POST /api/servers/:serverId/prompts/get": call,
  "GET /api/servers/:serverId/resources": read,
  "POST /api/servers/:serverId/resources/read": call,
  "GET /api/servers/:serverId/resources/watch": call,
  "GET /api/servers/:serverId/skills": read,
  "POST /api/servers/:serverId/skills/read": call,
  "GET /api/servers/:serverId/skills/download": call,
  "POST /api/servers/:serverId/reconnect": call,
  // It may hold what a command printed of secrets no config names: as the server's config, admins only.
  "GET /api/servers/:serverId/stderr": admin,
  "POST /api/servers/:serverId/rpc": call,
  "GET /api/servers/:serverId/tasks/:taskId": call,
  "DELETE /api/servers/:serverId/tasks/:taskId": call,
  "GET /api/servers/:serverId/tasks/:taskId/result": call,
  "GET /api/servers/:serverId/tools": read,
  "GET /api/servers/:serverId/tools/:toolName/app": read,
  "POST /api/servers/:serverId/tools/:toolName/call": call,
  "POST /api/servers/:serverId/tools/:toolName/tasks": call,
};

const PAGES: Record<string, Rule> = {
  "/login": "public",
  "/servers": read,
  "/servers/open/tools/x": read,
  "/tools": read,
  "/audit": read,
  "/approvals": read,
  "/agents": read,
  "/saved": read,
  "/account": "account",
  "/oauth/consent": "account",
  "/oauth/error": "public",
  "/people": admin,
};

type Who = {
  name: string;
  role: Role | null;
  /** A personal token's scope. */
  scope?: "read" | "call";
  account: boolean;
  /** Refused whatever it asks, with this code. */
  refused?: string;
  headers: () => Record<string, string>;
};

type Denial = { status: number; code?: string };

function verdict(rule: Rule, who: Who): "pass" | Denial {
  if (who.refused) return { status: 401, code: who.refused };
  if (rule === "public") return "pass";
  if (who.role === null) return { status: 401, code: "unauthorized:token" };
  if (rule === "signed-in") return "pass";
  // Signed in by anything but a personal token: no token manages tokens.
  if (rule === "no-token") return who.scope ? { status: 403, code: "forbidden:scope" } : "pass";
  if (rule === "account") {
    if (!who.account) return { status: 403, code: "bad_request:no_account" };
    // A token cannot make a token (a read token would mint a call token) or touch sessions.
    return who.scope ? { status: 403, code: "forbidden:scope" } : "pass";
  }
  if (rule === "decide") {
    // A person in the loop must be a person: no token decides an agent's call, whatever its scope or role.
    if (who.scope || !who.account) return { status: 403, code: "forbidden:credential" };
    return CALLERS_OF_TOOLS.includes(who.role) ? "pass" : { status: 403, code: "forbidden:role" };
  }
  if (!rule.roles.includes(who.role)) return { status: 403, code: "forbidden:role" };
  if (who.scope && (rule.scope === null || (rule.scope === "call" && who.scope === "read")))
    return { status: 403, code: "forbidden:scope" };
  return "pass";
}

type Answer = RawAnswer;

export function describeAccessMatrix(kind: "sqlite" | "postgres"): void {
  const savedEnv = { ...process.env };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `toolscope-access-${kind}-`));
  const schema = `access_matrix_${crypto.randomBytes(4).toString("hex")}`;
  let door: TestFrontDoor;
  const cookies: Partial<Record<Role, string>> = {};
  const tokens: Record<string, string> = {};
  const ids: Partial<Record<Role | "disabled", string>> = {};

  const send = (method: string, target: string, headers: Record<string, string>): Promise<Answer> =>
    sendRaw(door.base, method, target, { host: "127.0.0.1", ...headers });

  beforeAll(async () => {
    forgetProductSettings();
    fs.writeFileSync(
      path.join(dataDir, "mcp.json"),
      JSON.stringify({
        mcpServers: {
          open: { type: "http", url: "http://127.0.0.1:9/mcp" },
          restricted: { type: "http", url: "http://127.0.0.1:9/mcp", access: { people: ["olga@example.com"], groups: ["sre"] } },
        },
      }),
    );
    Object.assign(process.env, {
      TOOLSCOPE_DATA_DIR: dataDir,
      TOOLSCOPE_CONFIG: path.join(dataDir, "mcp.json"),
      TOOLSCOPE_DEMO_SERVER: "off",
      TOOLSCOPE_API_TOKEN: BOOTSTRAP,
    });
    if (kind === "postgres") {
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      process.env.DATABASE_URL = `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    }
    const cli = { actor: "test", clientIp: null };
    const people: [Role, string][] = [
      ["admin", "ada@example.com"],
      ["operator", "olga@example.com"],
      ["auditor", "aude@example.com"],
      ["viewer", "vic@example.com"],
    ];
    for (const [role, email] of people) {
      const { person, password } = await invitePerson({ email, role, password: "generate" }, cli);
      ids[role] = person.id;
      const { setCookies } = await signIn({ email, password: password! }, { headers: new Headers(), clientIp: "127.0.0.1" });
      cookies[role] = setCookies.map((c) => c.split(";")[0]).join("; ");
    }
    tokens.operatorRead = (await createToken(ids.operator!, { name: "read", scopes: ["read"], expiresInDays: 1 })).secret;
    tokens.operatorCall = (await createToken(ids.operator!, { name: "call", scopes: ["call"], expiresInDays: 1 })).secret;
    tokens.viewerCall = (await createToken(ids.viewer!, { name: "viewer call", scopes: ["call"], expiresInDays: 1 })).secret;
    tokens.adminCall = (await createToken(ids.admin!, { name: "admin call", scopes: ["read", "call"], expiresInDays: null })).secret;
    const revoked = await createToken(ids.operator!, { name: "revoked", scopes: ["call"], expiresInDays: 1 });
    await revokeToken(revoked.token.id, ids.admin!);
    tokens.revoked = revoked.secret;
    const expired = await createToken(ids.operator!, { name: "expired", scopes: ["call"], expiresInDays: 1 }, Date.now() - 2 * 86_400_000);
    tokens.expired = expired.secret;
    const disabled = await invitePerson({ email: "dis@example.com", role: "operator", password: "generate" }, cli);
    ids.disabled = disabled.person.id;
    tokens.disabled = (await createToken(disabled.person.id, { name: "of a disabled person", scopes: ["call"], expiresInDays: 1 })).secret;
    const adminCaller = { ...(await callerFor("admin")) };
    await changePerson(disabled.person.id, { disabled: true }, adminCaller);
    door = await startFrontDoor();
  }, 60_000);

  afterAll(async () => {
    await door?.close();
    const { allConnections } = await import("@/lib/mcp/pool");
    await Promise.all((await allConnections()).map((connection) => connection.close()));
    process.env = savedEnv;
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (kind === "postgres") {
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  });

  async function callerFor(role: Role): Promise<Caller> {
    return {
      actor: role,
      clientIp: "127.0.0.1",
      userId: ids[role] ?? null,
      name: role,
      email: null,
      role,
      groups: [],
      authMethod: "password",
      tokenName: null,
      scopes: null,
      sessionId: null,
    };
  }

  const bearer = (key: string) => () => ({ authorization: `Bearer ${tokens[key]}` });
  const WHO: Who[] = [
    { name: "signed out", role: null, account: false, headers: () => ({}) },
    ...(["viewer", "operator", "auditor", "admin"] as const).map((role) => ({
      name: `${role} (password session)`,
      role,
      account: true,
      headers: () => ({ cookie: cookies[role]! }),
    })),
    { name: "operator's read token", role: "operator", scope: "read", account: true, headers: bearer("operatorRead") },
    { name: "operator's call token", role: "operator", scope: "call", account: true, headers: bearer("operatorCall") },
    { name: "viewer's call token", role: "viewer", scope: "call", account: true, headers: bearer("viewerCall") },
    { name: "admin's token", role: "admin", scope: "call", account: true, headers: bearer("adminCall") },
    { name: "a revoked token", role: "operator", account: true, refused: "unauthorized:token_revoked", headers: bearer("revoked") },
    { name: "an expired token", role: "operator", account: true, refused: "unauthorized:token_expired", headers: bearer("expired") },
    { name: "a disabled person's token", role: "operator", account: true, refused: "unauthorized:disabled", headers: bearer("disabled") },
    { name: "the bootstrap token", role: "admin", account: false, headers: () => ({ authorization: `Bearer ${BOOTSTRAP}` }) },
  ];

  describe(`who may use what, people in ${kind}`, () => {
    it("the table covers every route and method the front door knows", () => {
      const known = API_ROUTES.flatMap((route) => route.methods.map((method) => `${method} ${route.pattern}`)).sort();
      expect(known).toEqual(Object.keys(RULES).sort());
    });

    const cases = Object.keys(RULES).flatMap((key) => WHO.map((who) => [key, who.name] as const));
    it.each(cases)("%s, %s", async (key, whoName) => {
      const who = WHO.find((w) => w.name === whoName)!;
      const [method, pattern] = key.split(" ") as [string, string];
      const target = pattern.replace(/:(\w+)/g, (_m, name: string) => (name === "serverId" ? "open" : `some-${name}`));
      const answer = await send(method, target, who.headers());
      const expected = verdict(RULES[key]!, who);
      if (expected === "pass") {
        expect({ key, status: answer.status, body: answer.body }).not.toMatchObject({ status: expect.toBeOneOf([401, 403]) });
      } else {
        expect({ key, status: answer.status, body: answer.body }).toMatchObject({
          status: expected.status,
          body: { error: { code: expected.code } },
        });
      }
    });

    const pageCases = Object.keys(PAGES).flatMap((page) =>
      WHO.filter((w) => !w.scope && !w.refused).map((who) => [page, who.name] as const),
    );
    it.each(pageCases)("page %s, %s", async (page, whoName) => {
      const who = WHO.find((w) => w.name === whoName)!;
      const answer = await send("GET", page, who.headers());
      const expected = verdict(PAGES[page]!, who);
      if (expected === "pass") expect({ page, status: answer.status }).toEqual({ page, status: 418 });
      else if (expected.status === 401)
        expect({ page, status: answer.status, location: answer.location }).toMatchObject({
          status: 302,
          location: expect.stringMatching(/^\/login\?next=/),
        });
      else expect({ page, status: answer.status }).toEqual({ page, status: 403 });
    });

    // Everyone's calls on every server, hidden ones too: for those who read everyone's audit records.
    const metrics: Rule = { roles: ["auditor", "admin"], scope: "read" };
    it.each(WHO.map((who) => who.name))("/metrics, %s", async (whoName) => {
      const who = WHO.find((w) => w.name === whoName)!;
      const answer = await send("GET", "/metrics", who.headers());
      const expected = verdict(metrics, who);
      if (expected === "pass")
        expect({ status: answer.status, body: answer.body }).toMatchObject({
          status: 200,
          body: expect.stringContaining("toolscope_tool_calls_total"),
        });
      else
        expect({ status: answer.status, body: answer.body }).toMatchObject({
          status: expected.status,
          body: { error: { code: expected.code } },
        });
    });
  });

  describe(`what each sees, people in ${kind}`, () => {
    /** A call by Olga, the operator, on the open server, as the pipeline opens its record. */
    const startOlgasCall = async (toolName: string, args: Record<string, unknown>) =>
      (await auditStore()).startInvocation({
        actor: "olga",
        actorId: (await callerFor("operator")).userId,
        actorName: "Olga",
        authMethod: "password",
        clientIp: null,
        serverId: "open",
        serverTarget: "http://127.0.0.1:9/mcp",
        protocolVersion: null,
        toolName,
        arguments: args,
      });

    it("only an auditor, an admin or the caller reads a call's arguments; everyone reads its metadata", async () => {
      const store = await auditStore();
      const { id, startedAt } = await startOlgasCall("secret_tool", { password: "hunter2-but-redacted", city: "Lisbon" });
      await store.finishInvocation({ id, startedAt, outcome: "ok", result: { content: [{ type: "text", text: "Lisbon is sunny" }] } });
      const seen = async (role: Role) => {
        const { records } = await listAudit({ limit: 50 }, await auditReaderFor(await callerFor(role)));
        return records.find((r) => r.id === id)!;
      };
      for (const role of ["auditor", "admin", "operator"] as const) expect((await seen(role)).arguments).toMatchObject({ city: "Lisbon" });
      const viewer = await seen("viewer");
      expect(viewer).toMatchObject({ tool_name: "secret_tool", actor_name: "Olga", payload_hidden: true, arguments: null, result: null });
      // Searching inside payloads must not reveal them either.
      const search = await listAudit({ limit: 50, q: "Lisbon" }, await auditReaderFor(await callerFor("viewer")));
      expect(search.records.map((r) => r.id)).not.toContain(id);
      const auditorSearch = await listAudit({ limit: 50, q: "Lisbon" }, await auditReaderFor(await callerFor("auditor")));
      expect(auditorSearch.records.map((r) => r.id)).toContain(id);
    });

    it("a tool's error text is payload: a viewer reads it nowhere, not in the list, the record or an export", async () => {
      const store = await auditStore();
      const leak = "sk-live-error-text-9f3a77";
      const { id, startedAt } = await startOlgasCall("leaky_tool", {});
      await store.finishInvocation({
        id,
        startedAt,
        outcome: "protocol_error",
        errorCode: -32603,
        errorMessage: `upstream said: key ${leak} rejected`,
      });
      const viewer = await auditReaderFor(await callerFor("viewer"));
      const listed = (await listAudit({ limit: 50 }, viewer)).records.find((r) => r.id === id);
      expect(listed).toMatchObject({
        tool_name: "leaky_tool",
        outcome: "protocol_error",
        payload_hidden: true,
        error_message: null,
        hash: null,
      });
      expect(JSON.stringify((await getAuditEntry(id, viewer)).record)).not.toContain(leak);
      for (const format of ["jsonl", "csv"] as const) {
        const text = await new Response(exportAudit({}, viewer, format)).text();
        expect(text).toContain(id);
        expect(text).not.toContain(leak);
      }
      const auditor = await auditReaderFor(await callerFor("auditor"));
      expect((await getAuditEntry(id, auditor)).record.error_message).toContain(leak);
    });

    it("a server limited to named people or groups is invisible to others", async () => {
      const ids_ = async (caller: Caller) => (await listServerSnapshots(caller)).map((s) => s.id).sort();
      expect(await ids_(await callerFor("admin"))).toEqual(["open", "restricted"]);
      expect(await ids_({ ...(await callerFor("operator")), email: "olga@example.com" })).toEqual(["open", "restricted"]);
      expect(await ids_({ ...(await callerFor("viewer")), groups: ["sre"] })).toEqual(["open", "restricted"]);
      expect(await ids_(await callerFor("viewer"))).toEqual(["open"]);
      const answer = await send("GET", "/api/servers/restricted/tools", { cookie: cookies.viewer! });
      expect(answer).toMatchObject({ status: 404, body: { error: { code: "not_found:server" } } });
      const page = await send("GET", "/servers/restricted", { cookie: cookies.viewer! });
      expect(page.status).toBe(404);
      // Its resources and prompts, and its pages for them, are as invisible as its tools.
      for (const list of ["resources", "prompts"]) {
        const listed = await send("GET", `/api/servers/restricted/${list}`, { cookie: cookies.viewer! });
        expect(listed).toMatchObject({ status: 404, body: { error: { code: "not_found:server" } } });
        expect((await send("GET", `/servers/restricted/${list}`, { cookie: cookies.viewer! })).status).toBe(404);
      }
      expect((await send("GET", "/api/servers/restricted/tools", { cookie: cookies.operator! })).status).toBe(418);
    });

    it("sign-ins, the disabled person and the token changes are audit events naming who did them", async () => {
      const { records } = await listAudit({ limit: 200, kind: "event" }, await auditReaderFor(await callerFor("auditor")));
      const kinds = records.map((r) => `${r.kind} ${r.actor_name ?? r.actor}`);
      expect(kinds).toEqual(expect.arrayContaining(["sign_in ada", "sign_in olga", "person_changed admin"]));
      expect(records.find((r) => r.kind === "sign_in" && r.actor_id === ids.operator)).toMatchObject({ auth_method: "password" });
      expect((await (await auditStore()).verifyChain()).ok).toBe(true);
    });
  });
}
