// OAuth for agents (lib/auth/agent-oauth.ts), end to end through the real front door: the
// official SDK client, told by /mcp's 401 where to authorize, discovers Toolscope's
// authorization server, registers itself, sends the person to authorize (the test plays their
// browser: signed out, then signed in, then the consent page's Allow), and exchanges the code.
// Its token then acts as that person through /mcp, and nowhere else.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";
import { listAudit } from "@/lib/audit/query";
import { readerOf } from "@/lib/audit/visibility";
import { changePerson, invitePerson } from "@/lib/auth/people";
import { signIn } from "@/lib/auth/session";
import { approvalsFor, decideApproval } from "@/lib/approvals/approvals";
import { agentGrants, revokeAgentGrant } from "@/lib/auth/agent-grants";
import { ANONYMOUS, type Caller } from "@/lib/domain/roles";
import { agentAuthorization } from "@/lib/auth/agent-authorization";
import { saveServerPolicy } from "@/lib/policy/policy-store";
import { allConnections, connectionFor } from "@/lib/mcp/pool";
import { closeGateway } from "@/lib/gateway/gateway-http";
import { BOOTSTRAP_ADMIN, BOOTSTRAP_BROWSER } from "@/test/callers";
import { MemoryOAuthClient } from "./memory-oauth-client";
import { useClientMetadataTransport } from "@/lib/auth/client-metadata-fetch";
import { freePort, sendRaw, startFrontDoor, type RawAnswer, type TestFrontDoor } from "@/test/front-door";
import { AUDIT_META } from "@/lib/gateway/agent-call";
import { forgetProductSettings } from "@/test/product-settings";

const POSTGRES_URL = process.env.TOOLSCOPE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** The whole flow, on one database: SQLite, or PostgreSQL (better-auth keeps string arrays as jsonb there). */
export function describeAgentOAuth(kind: "sqlite" | "postgres"): void {
  const savedEnv = { ...process.env };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `toolscope-agent-oauth-${kind}-`));
  const schema = `agent_oauth_${crypto.randomBytes(4).toString("hex")}`;
  let door: TestFrontDoor;
  let base: string;
  const people: Record<string, { id: string; cookie: string; email: string; password: string }> = {};
  const open: Client[] = [];
  const REDIRECT = "http://127.0.0.1:33418/callback";

  beforeAll(async () => {
    forgetProductSettings();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    Object.assign(process.env, {
      TOOLSCOPE_DATA_DIR: dataDir,
      TOOLSCOPE_API_TOKEN: `agent-oauth-${crypto.randomBytes(8).toString("hex")}`,
      TOOLSCOPE_PUBLIC_URL: base,
      TOOLSCOPE_PORT: String(port),
    });
    if (kind === "postgres") {
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      process.env.DATABASE_URL = `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    }
    for (const [key, email, role] of [
      ["olga", "olga@example.com", "operator"],
      ["vera", "vera@example.com", "viewer"],
    ] as const) {
      const { person, password } = await invitePerson({ email, role, password: "generate" }, { actor: "test", clientIp: null });
      people[key] = { id: person.id, email, password: password!, cookie: "" };
      await signInAgain(key);
    }
    await saveServerPolicy("demo", { agents: { tools: { echo: "allow" } } }, null);
    door = await startFrontDoor({ port });
    await (await connectionFor("demo")).ready();
  }, 60_000);

  afterAll(async () => {
    for (const client of open) await client.close().catch(() => undefined);
    await closeGateway();
    await door?.close();
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

  /** A session cookie for the person, as their browser holds after signing in. */
  async function signInAgain(key: string): Promise<void> {
    const person = people[key]!;
    const { setCookies } = await signIn(
      { email: person.email, password: person.password },
      { headers: new Headers(), clientIp: "127.0.0.1" },
    );
    person.cookie = setCookies.map((c) => c.split(";")[0]).join("; ");
  }

  /** The test's agent: a public client on loopback, as desktop agents register. */
  const agentAuth = (): MemoryOAuthClient =>
    new MemoryOAuthClient(REDIRECT, {
      client_name: "Test Agent",
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    });

  function transport(provider: MemoryOAuthClient): StreamableHTTPClientTransport {
    return new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: provider });
  }

  async function connect(provider: MemoryOAuthClient): Promise<Client> {
    const client = new Client({ name: "oauth-agent", version: "0.1.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(transport(provider));
    open.push(client);
    return client;
  }

  /** A browser's navigation (a link followed, not a script's fetch, which Node's fetch says it is). */
  function navigate(url: URL, cookie?: string): Promise<RawAnswer> {
    const headers: Record<string, string> = {
      host: url.host,
      accept: "text/html",
      "sec-fetch-mode": "navigate",
      "sec-fetch-dest": "document",
    };
    return sendRaw(base, "GET", url.pathname + url.search, cookie ? { ...headers, cookie } : headers);
  }

  /** The person's browser: the authorization request, sign-in if needed, the consent page's answer. */
  async function authorizeAs(person: keyof typeof people, provider: MemoryOAuthClient, accept = true): Promise<URL> {
    const authorize = provider.authorizationUrl!;
    // Signed out, the endpoint sends the browser to sign in; the sign-in page then returns it here.
    const signedOut = await navigate(authorize);
    expect(signedOut.status).toBe(302);
    const login = new URL(signedOut.location!, base);
    expect(login.pathname).toBe("/login");
    const back = agentAuthorization(Object.fromEntries(login.searchParams));
    expect(back).toMatch(/^\/api\/auth\/oauth2\/authorize\?/);
    // Signed in, it goes to the consent page.
    const signedIn = await navigate(new URL(back!, base), people[person]!.cookie);
    expect(signedIn.status).toBe(302);
    const consent = new URL(signedIn.location!, base);
    expect(consent.pathname).toBe("/oauth/consent");
    expect(consent.searchParams.get("client_id")).toBe(provider.information?.client_id);
    const decided = await fetch(`${base}/api/auth/oauth2/consent`, {
      method: "POST",
      headers: { cookie: people[person]!.cookie, "content-type": "application/json", origin: base },
      body: JSON.stringify({ accept, oauth_query: consent.search.slice(1) }),
    });
    expect(decided.status).toBe(200);
    const answer = (await decided.json()) as { url?: string; redirect_uri?: string };
    return new URL(answer.url ?? answer.redirect_uri!);
  }

  describe(`OAuth for agents, Toolscope as the authorization server (${kind})`, () => {
    it("publishes RFC 9728 metadata for /mcp and points the 401 at it", async () => {
      const refused = await fetch(`${base}/mcp`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      expect(refused.status).toBe(401);
      const challenge = refused.headers.get("www-authenticate")!;
      expect(challenge).toContain(`resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
      const metadata = (await (await fetch(`${base}/.well-known/oauth-protected-resource/mcp`)).json()) as Record<string, unknown>;
      expect(metadata).toMatchObject({ resource: `${base}/mcp`, authorization_servers: [`${base}/api/auth`] });
      // Reached at another address than TOOLSCOPE_PUBLIC_URL's, a token could never be bound to it: no OAuth is offered.
      const elsewhere = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .request(
            `${base}/mcp`,
            { method: "POST", headers: { host: `localhost:${new URL(base).port}`, "content-type": "application/json" } },
            resolve,
          )
          .on("error", reject)
          .end("{}"),
      );
      elsewhere.resume();
      expect(elsewhere.statusCode).toBe(401);
      expect(elsewhere.headers["www-authenticate"]).toBe('Bearer realm="Toolscope"');
      const server = (await (await fetch(`${base}/.well-known/oauth-authorization-server/api/auth`)).json()) as Record<string, unknown>;
      expect(server).toMatchObject({ issuer: `${base}/api/auth`, code_challenge_methods_supported: ["S256"] });
    });

    it("registers an MCP client that names no application type, as most do, as a native app", async () => {
      const registered = await fetch(`${base}/api/auth/oauth2/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          client_name: "Old Client",
          redirect_uris: ["http://127.0.0.1:33418/callback", "http://localhost:33418/callback"],
          token_endpoint_auth_method: "none",
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"],
        }),
      });
      expect(registered.status).toBe(201);
      expect(await registered.json()).toMatchObject({ application_type: "native", client_name: "Old Client" });
      // A web redirect is still a web app's, and https only.
      const web = await fetch(`${base}/api/auth/oauth2/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ client_name: "Web", redirect_uris: ["http://agents.example.com/cb"], token_endpoint_auth_method: "none" }),
      });
      expect(web.status).toBe(400);
      // No grant without a person behind it; other discovery paths are plain 404s.
      const server = (await (await fetch(`${base}/.well-known/oauth-authorization-server/api/auth`)).json()) as {
        grant_types_supported: string[];
      };
      expect(server.grant_types_supported).toEqual(["authorization_code", "refresh_token"]);
      const other = await fetch(`${base}/.well-known/openid-configuration`, { redirect: "manual" });
      expect(other.status).toBe(404);
      expect(((await other.json()) as { error: { code: string } }).error.code).toBe("not_found:route");
    });

    it("an SDK client completes the authorization and acts as the person who allowed it", async () => {
      const provider = agentAuth();
      await expect(connect(provider)).rejects.toBeInstanceOf(UnauthorizedError);
      expect(provider.information?.client_id).toBeTruthy();
      expect(provider.authorizationUrl?.searchParams.get("resource")).toBe(`${base}/mcp`);

      const callback = await authorizeAs("olga", provider);
      expect(callback.origin + callback.pathname).toBe(REDIRECT);
      expect(callback.searchParams.get("code")).toBeTruthy();
      expect(callback.searchParams.get("iss")).toBe(`${base}/api/auth`);
      await transport(provider).finishAuth(callback.searchParams);
      expect(provider.saved?.access_token).toBeTruthy();

      const client = await connect(provider);
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain("demo__echo");
      const result = await client.callTool({ name: "demo__echo", arguments: { message: "via oauth" } });
      expect(result.isError).toBeFalsy();
      // A call that waits names the agent to the approver as the person's consent page did too.
      const waiting = client.callTool({ name: "demo__delete_note", arguments: { id: "oauth-waits" } });
      await expect
        .poll(
          async () =>
            (await approvalsFor(BOOTSTRAP_ADMIN)).waiting.find((a) => JSON.stringify(a.arguments).includes("oauth-waits"))?.client,
        )
        .toBe("oauth-agent 0.1.0 (authorized as “Test Agent”)");
      const held = (await approvalsFor(BOOTSTRAP_ADMIN)).waiting.find((a) => JSON.stringify(a.arguments).includes("oauth-waits"))!;
      await decideApproval(held.id, { decision: "deny", reason: "not now" }, BOOTSTRAP_BROWSER, { fromPage: true });
      expect((await waiting).isError).toBe(true);
      const auditId = (result._meta as Record<string, unknown>)[AUDIT_META] as string;
      const { records } = await listAudit({ via: "agent:oauth-agent 0.1.0", limit: 5 }, readerOf(BOOTSTRAP_ADMIN, new Set()));
      expect(records.find((r) => r.id === auditId)).toMatchObject({
        auth_method: "oauth",
        token_name: "Test Agent",
        actor_id: people.olga!.id,
      });

      // Bound to /mcp: the same token is refused by the API.
      const api = await fetch(`${base}/api/servers`, { headers: { authorization: `Bearer ${provider.saved!.access_token}` } });
      expect(api.status).toBe(401);
      expect(((await api.json()) as { error: { code: string } }).error.code).toBe("unauthorized:access_token");

      // The person as they are now: disabled, their agent is refused at once.
      await changePerson(people.olga!.id, { disabled: true }, BOOTSTRAP_ADMIN);
      const afterwards = await fetch(`${base}/mcp`, {
        method: "POST",
        headers: { authorization: `Bearer ${provider.saved!.access_token}`, "content-type": "application/json" },
        body: "{}",
      });
      expect(afterwards.status).toBe(401);
      await changePerson(people.olga!.id, { disabled: false }, BOOTSTRAP_ADMIN);
      // Disabling ended her sessions too.
      await signInAgain("olga");
    });

    it("authorizes an agent that names itself by URL (a Client ID Metadata Document), without registering", async () => {
      const documentUrl = "https://agent.example/oauth/client.json";
      const document = {
        client_id: documentUrl,
        client_name: "Document Agent",
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: "none",
      };
      // The document's real server, on loopback: the transport the tests put in place of the public-only one reaches it.
      const host = http.createServer((request, response) => {
        const found = request.url === "/oauth/client.json";
        response.writeHead(found ? 200 : 404, { "content-type": "application/json" });
        response.end(found ? JSON.stringify(document) : "{}");
      });
      await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
      const { port } = host.address() as AddressInfo;
      useClientMetadataTransport((url, init) =>
        fetch(`http://127.0.0.1:${port}${new URL(url instanceof Request ? url.url : url).pathname}`, init),
      );
      try {
        const metadata = (await (await fetch(`${base}/.well-known/oauth-authorization-server/api/auth`)).json()) as Record<string, unknown>;
        expect(metadata.client_id_metadata_document_supported).toBe(true);
        const provider = agentAuth();
        provider.clientMetadataUrl = documentUrl;
        await expect(connect(provider)).rejects.toBeInstanceOf(UnauthorizedError);
        expect(provider.authorizationUrl?.searchParams.get("client_id")).toBe(documentUrl);
        const callback = await authorizeAs("olga", provider);
        await transport(provider).finishAuth(callback.searchParams);
        const client = await connect(provider);
        expect((await client.callTool({ name: "demo__echo", arguments: { message: "by document" } })).isError).toBeFalsy();
        expect((await agentGrants(people.olga!.id)).find((grant) => grant.clientId === documentUrl)?.name).toBe("Document Agent");
        // A document on this machine or the network it runs in is never fetched (the public-only transport would refuse it too).
        const inside = new URL(provider.authorizationUrl!);
        inside.searchParams.set("client_id", "https://127.0.0.1/oauth/client.json");
        const refused = await navigate(inside, people.olga!.cookie);
        expect(refused.status).toBe(302);
        const page = new URL(refused.location!, base);
        expect(page.pathname).toBe("/oauth/error");
        expect(page.searchParams.get("error")).toBe("invalid_client");
        // Its description (which may quote the agent's own parameters) stays in the log, off the page (issue 43).
        expect(page.searchParams.has("error_description")).toBe(false);
        // A client's own fetch, asking for JSON, gets OAuth's JSON answer as before (another
        // document: the same one is not fetched again within the minimum interval).
        inside.searchParams.set("client_id", "https://10.0.0.1/oauth/client.json");
        const fetched = await sendRaw(base, "GET", inside.pathname + inside.search, { host: inside.host, accept: "application/json" });
        expect(fetched).toMatchObject({ status: 400, body: { error: "invalid_client" } });
      } finally {
        useClientMetadataTransport();
        host.close();
      }
    });

    it("lists the agents a person allowed, audited; revoking one stops its token at once", async () => {
      const provider = agentAuth();
      await expect(connect(provider)).rejects.toBeInstanceOf(UnauthorizedError);
      await transport(provider).finishAuth((await authorizeAs("olga", provider)).searchParams);
      const clientId = provider.information!.client_id;
      const client = await connect(provider);
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);

      const grants = await agentGrants(people.olga!.id);
      expect(grants.find((grant) => grant.clientId === clientId)).toMatchObject({
        name: "Test Agent",
        scopes: expect.arrayContaining(["call"]),
      });
      const { records } = await listAudit({ kind: "agent_authorized", limit: 20 }, readerOf(BOOTSTRAP_ADMIN, new Set()));
      expect(records.some((record) => record.actor_id === people.olga!.id && JSON.stringify(record).includes(clientId))).toBe(true);

      const olga: Caller = {
        ...ANONYMOUS,
        actor: "Olga <olga@example.com>",
        clientIp: null,
        userId: people.olga!.id,
        name: "Olga",
        email: "olga@example.com",
        role: "operator",
        authMethod: "password",
      };
      await revokeAgentGrant(clientId, olga);
      expect((await agentGrants(people.olga!.id)).some((grant) => grant.clientId === clientId)).toBe(false);
      const refused = await fetch(`${base}/mcp`, {
        method: "POST",
        headers: { authorization: `Bearer ${provider.saved!.access_token}`, "content-type": "application/json" },
        body: "{}",
      });
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/revoked this agent's authorization/);
      await expect(revokeAgentGrant(clientId, olga)).rejects.toMatchObject({ code: "not_found:agent_grant" });

      // Allowed again, the agent gets a new token; the one from the revoked grant stays refused.
      const revokedToken = provider.saved!.access_token;
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      provider.saved = undefined;
      await expect(connect(provider)).rejects.toBeInstanceOf(UnauthorizedError);
      await transport(provider).finishAuth((await authorizeAs("olga", provider)).searchParams);
      expect(provider.saved!.access_token).not.toBe(revokedToken);
      expect((await (await connect(provider)).listTools()).tools.length).toBeGreaterThan(0);
      const stale = await fetch(`${base}/mcp`, {
        method: "POST",
        headers: { authorization: `Bearer ${revokedToken}`, "content-type": "application/json" },
        body: "{}",
      });
      expect(stale.status).toBe(401);
      const revoked = await listAudit({ kind: "agent_authorization_revoked", limit: 5 }, readerOf(BOOTSTRAP_ADMIN, new Set()));
      expect(revoked.records[0]?.actor_id).toBe(people.olga!.id);
    });

    it("a viewer's agent is authorized but calls nothing; a denial returns access_denied", async () => {
      const provider = agentAuth();
      await expect(connect(provider)).rejects.toBeInstanceOf(UnauthorizedError);
      const denied = await authorizeAs("vera", provider, false);
      expect(denied.searchParams.get("error")).toBe("access_denied");

      const again = agentAuth();
      await expect(connect(again)).rejects.toBeInstanceOf(UnauthorizedError);
      await transport(again).finishAuth((await authorizeAs("vera", again)).searchParams);
      const client = await connect(again);
      expect((await client.listTools()).tools).toEqual([]);
    });

    it("shows the person a page when an agent's request cannot go on, never the agent's unverified address", async () => {
      const provider = agentAuth();
      await expect(connect(provider)).rejects.toBeInstanceOf(UnauthorizedError);
      const errorPage = async (change: (url: URL) => void, cookie?: string): Promise<URLSearchParams> => {
        const url = new URL(provider.authorizationUrl!);
        change(url);
        const answer = await navigate(url, cookie);
        expect(answer.status).toBe(302);
        const page = new URL(answer.location!, base);
        expect(page.origin + page.pathname).toBe(`${base}/oauth/error`);
        return page.searchParams;
      };
      // Signed out or in, an unknown client is told as such, not as a failed single sign-on.
      expect((await errorPage((url) => url.searchParams.set("client_id", "no-such-agent"))).get("error")).toBe("invalid_client");
      const elsewhere = await errorPage(
        (url) => url.searchParams.set("redirect_uri", "https://attacker.example/callback"),
        people.olga!.cookie,
      );
      expect(elsewhere.get("error")).toBe("invalid_redirect");
      // A good request still goes to sign in, then to the consent page.
      const good = await navigate(provider.authorizationUrl!);
      expect(new URL(good.location!, base).pathname).toBe("/login");
      expect(new URL(good.location!, base).searchParams.get("error")).toBeNull();
    });

    it("refuses a forged token", async () => {
      const forged = [
        "eyJhbGciOiJFZERTQSJ9",
        Buffer.from(JSON.stringify({ sub: people.olga!.id, aud: `${base}/mcp` })).toString("base64url"),
        "c2ln",
      ].join(".");
      const answer = await fetch(`${base}/mcp`, {
        method: "POST",
        headers: { authorization: `Bearer ${forged}`, "content-type": "application/json" },
        body: "{}",
      });
      expect(answer.status).toBe(401);
      expect(answer.headers.get("www-authenticate")).toContain('error="invalid_token"');
    });
  });
}
