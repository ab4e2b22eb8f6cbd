// Toolscope's OAuth against a real authorization server and a token-checking MCP server
// (test/oauth-mcp-fixture.ts): what the conformance suite does not judge. A connection
// never registers a client or asks anyone by itself; a flow is finished only by whoever began
// it; tokens are sealed at rest; tokens got for one URL are not sent to another; revoking and
// removing forget them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "@/lib/domain/roles";
import { database } from "@/lib/db";
import { connectionFor } from "@/lib/mcp/pool";
import { invalidateRegistry } from "@/lib/mcp/registry";
import { addServer, removeServer } from "@/lib/mcp/servers";
import { signInAtFixture, startOAuthMcpFixture, type OAuthMcpFixture } from "@/test/oauth-mcp-fixture";
import { authorizationView, beginAuthorization, completeAuthorization, revokeAuthorization } from "./oauth-authorization";
import { callbackUrl } from "../oauth/oauth-target";
import { readGrant, SHARED, updateGrant } from "../oauth/oauth-store";
import { forgetProductSettings } from "@/test/product-settings";

const savedEnv = { ...process.env };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-oauth-lib-"));
let fixture: OAuthMcpFixture;

const LOCAL: Caller = {
  actor: "local",
  clientIp: "127.0.0.1",
  userId: null,
  name: "Local user",
  email: null,
  role: "admin",
  groups: [],
  authMethod: "local",
  tokenName: null,
  scopes: null,
  sessionId: null,
};
const STRANGER: Caller = { ...LOCAL, actor: "someone else", userId: "someone-else", authMethod: "password" };

beforeAll(async () => {
  fixture = await startOAuthMcpFixture({ users: [{ login: "alice", password: "alice-password" }] });
  forgetProductSettings();
  Object.assign(process.env, { TOOLSCOPE_DATA_DIR: dataDir, TOOLSCOPE_DEMO_SERVER: "off" });
  await addServer("guarded", { url: fixture.mcpUrl, type: "http", name: "Guarded" });
}, 60_000);

afterAll(async () => {
  const { allConnections } = await import("@/lib/mcp/pool");
  await Promise.all((await allConnections()).map((connection) => connection.close()));
  await fixture?.close();
  process.env = savedEnv;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function settled(serverId: string) {
  const connection = await connectionFor(serverId, LOCAL);
  await connection.ready().catch(() => undefined);
  return connection;
}

describe("authorizing a server", () => {
  it("connecting stops at discovery: no client is registered and no one is asked until someone authorizes", async () => {
    const connection = await settled("guarded");
    expect(connection.snapshot()).toMatchObject({ status: "unauthorized", oauth: { required: true, scope: "mcp:read" } });
    expect(fixture.stats.registrations).toBe(0);
    expect(fixture.stats.authorizationRequests).toHaveLength(0);
    const view = await authorizationView("guarded", LOCAL);
    expect(view).toMatchObject({ authorized: false, issuer: fixture.issuer, challengeScope: "mcp:read", client: null });
    expect(view.journal.map((e) => e.step)).toEqual(["challenge", "resource-metadata", "server-metadata"]);
  });

  it("a flow is finished only by whoever began it, once", async () => {
    const begun = await beginAuthorization("guarded", LOCAL, { returnTo: "/servers/guarded" });
    expect(begun.kind).toBe("redirect");
    const url = new URL((begun as { authorizationUrl: string }).authorizationUrl);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("resource")).toBe(fixture.mcpUrl);
    expect(url.searchParams.get("scope")).toContain("mcp:read");
    expect(fixture.stats.registrations).toBe(1);
    const back = await signInAtFixture(url.href, callbackUrl(), "alice", "alice-password");

    // Someone else arriving with the same callback URL gets nothing, and the flow stays the owner's.
    await expect(completeAuthorization(back.searchParams, STRANGER)).rejects.toMatchObject({ code: "not_found:oauth_flow" });
    const done = await completeAuthorization(back.searchParams, LOCAL);
    expect(done).toEqual({ ok: true, returnTo: "/servers/guarded", serverId: "guarded" });
    // A state is good for one callback.
    await expect(completeAuthorization(back.searchParams, LOCAL)).rejects.toMatchObject({ code: "not_found:oauth_flow" });

    const connection = await settled("guarded");
    expect(connection.snapshot().status).toBe("ready");
    expect(connection.catalog().tools.map((t) => t.name)).toContain("whoami");
  });

  it("keeps tokens sealed at rest and never in the journal", async () => {
    const grant = await readGrant("guarded", SHARED);
    const token = grant?.tokens?.access_token ?? "";
    expect(token.length).toBeGreaterThan(20);
    const db = await database();
    const rows = await db.selectFrom("oauth_grants").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload.startsWith("enc:v1:")).toBe(true);
    expect(rows[0]!.payload).not.toContain(token);
    const view = JSON.stringify(await authorizationView("guarded", LOCAL));
    for (const secret of fixture.stats.secrets) expect(view).not.toContain(secret);
    expect(view).toContain(`"step":"token"`);
  });

  it("refuses to ask again for a scope it already asked for (no authorization loops)", async () => {
    await expect(beginAuthorization("guarded", LOCAL, { scope: "mcp:read" })).rejects.toMatchObject({
      code: "bad_request:oauth",
      message: expect.stringMatching(/already asked for "mcp:read"/),
    });
    // A wider scope is a step-up: the union is asked for, at the authorization server.
    const stepUp = await beginAuthorization("guarded", LOCAL, { scope: "mcp:admin" });
    expect(stepUp.kind).toBe("redirect");
    expect(new URL((stepUp as { authorizationUrl: string }).authorizationUrl).searchParams.get("scope")?.split(" ")).toEqual(
      expect.arrayContaining(["mcp:read", "mcp:admin"]),
    );
  });

  it("does not send tokens got for one URL to another, and forgets them when the URL changes", async () => {
    const before = fixture.stats.mcpRequests.length;
    const { updateServer } = await import("@/lib/mcp/servers");
    // Same id, another path on the same server: another resource as far as the tokens go.
    await updateServer("guarded", { url: fixture.mcpUrl.replace(/\/mcp$/, "/mcp/"), type: "http", name: "Guarded" });
    invalidateRegistry();
    const connection = await settled("guarded");
    expect(connection.snapshot().status).not.toBe("ready");
    expect(fixture.stats.mcpRequests.slice(before).every((r) => r.status === 401 || r.status === 404)).toBe(true);
    // Another URL is another server: what was authorized for the old one is forgotten.
    expect(await readGrant("guarded", SHARED)).toBeUndefined();
    await updateServer("guarded", { url: fixture.mcpUrl, type: "http", name: "Guarded" });
    invalidateRegistry();
    expect((await settled("guarded")).snapshot().status).toBe("unauthorized");
    // Authorized again for the next tests.
    const begun = (await beginAuthorization("guarded", LOCAL, {})) as { authorizationUrl: string };
    const back = await signInAtFixture(begun.authorizationUrl, callbackUrl(), "alice", "alice-password");
    expect(await completeAuthorization(back.searchParams, LOCAL)).toMatchObject({ ok: true });
    expect((await settled("guarded")).snapshot().status).toBe("ready");
  });

  it("revoking forgets the tokens and the server asks again; removing the server forgets everything", async () => {
    await revokeAuthorization("guarded", LOCAL, "me");
    expect(await readGrant("guarded", SHARED)).toBeUndefined();
    await expect.poll(async () => (await settled("guarded")).snapshot().status).toBe("unauthorized");
    await removeServer("guarded");
    const db = await database();
    expect(await db.selectFrom("oauth_clients").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("oauth_grants").selectAll().execute()).toEqual([]);
  });
});

describe("a person's own connections", () => {
  it("are closed once idle and open again when reached for", async () => {
    const { closeIdlePersonalConnections, personalConnection, PERSONAL_IDLE_MS } = await import("@/lib/mcp/pool");
    await addServer("idle", { url: fixture.mcpUrl, type: "http", name: "Idle" });
    const shared = await connectionFor("idle");
    const mine = personalConnection(shared, "person-1");
    expect(closeIdlePersonalConnections(Date.now())).toEqual([]);
    expect(closeIdlePersonalConnections(Date.now() + PERSONAL_IDLE_MS + 1)).toEqual(["idle\nperson-1"]);
    expect(mine.snapshot().status).toBe("closed");
    const again = personalConnection(shared, "person-1");
    expect(again).not.toBe(mine);
    expect(again.snapshot().status).not.toBe("closed");
    await removeServer("idle");
  });
});

describe("OAuth settings of a server added in the UI or API", () => {
  it("keeps a stored client secret when an edit leaves it out (null), and only for the same URL", async () => {
    const { updateServer, exportServers } = await import("@/lib/mcp/servers");
    await addServer("settings", {
      url: "https://mcp.example.test/mcp",
      type: "http",
      oauth: { clientId: "cid", clientSecret: "topsecret-123" },
    });
    const kept = await updateServer("settings", {
      url: "https://mcp.example.test/mcp",
      type: "http",
      oauth: { clientId: "cid", clientSecret: null, scope: "a b" },
    });
    expect(kept.config).toMatchObject({ oauth: { clientId: "cid", hasClientSecret: true, scope: "a b" } });
    expect(JSON.stringify(kept)).not.toContain("topsecret-123");
    await expect(
      updateServer("settings", { url: "https://elsewhere.example.test/mcp", type: "http", oauth: { clientId: "cid", clientSecret: null } }),
    ).rejects.toMatchObject({ code: "bad_request:config", message: expect.stringMatching(/oauth.clientSecret/) });
    expect(JSON.stringify(await exportServers())).not.toContain("topsecret-123");
    await removeServer("settings");
  });
});

describe("refreshing", () => {
  let quick: OAuthMcpFixture;
  beforeAll(async () => {
    quick = await startOAuthMcpFixture({ accessTokenTtlSeconds: 2, users: [{ login: "alice", password: "alice-password" }] });
    await addServer("quick", { url: quick.mcpUrl, type: "http", name: "Quick" });
  });
  afterAll(async () => {
    await removeServer("quick").catch(() => undefined);
    await quick?.close();
  });

  it("refreshes an expired token once for many calls at the same time (refresh tokens rotate)", async () => {
    await settled("quick");
    const begun = (await beginAuthorization("quick", LOCAL, {})) as { authorizationUrl: string };
    const back = await signInAtFixture(begun.authorizationUrl, callbackUrl(), "alice", "alice-password");
    expect(await completeAuthorization(back.searchParams, LOCAL)).toMatchObject({ ok: true });
    const connection = await settled("quick");
    expect(connection.snapshot().status).toBe("ready");
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const results = await Promise.all(Array.from({ length: 8 }, () => connection.callTool("whoami", {})));
    for (const result of results) expect(JSON.stringify(result)).toContain("alice");
    expect(quick.stats.tokenRequests.filter((t) => t.grantType === "refresh_token")).toHaveLength(1);
    expect(connection.snapshot().status).toBe("ready");
  });
});

describe("refreshing with replicas", () => {
  let slow: OAuthMcpFixture;
  beforeAll(async () => {
    slow = await startOAuthMcpFixture({ accessTokenTtlSeconds: 5, users: [{ login: "alice", password: "alice-password" }] });
    await addServer("rotating", { url: slow.mcpUrl, type: "http", name: "Rotating" });
  });
  afterAll(async () => {
    await removeServer("rotating").catch(() => undefined);
    await slow?.close();
  });

  const refreshes = (): number => slow.stats.tokenRequests.filter((t) => t.grantType === "refresh_token").length;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("uses the tokens another replica got meanwhile, instead of spending the rotated refresh token again", async () => {
    await settled("rotating");
    const begun = (await beginAuthorization("rotating", LOCAL, {})) as { authorizationUrl: string };
    const back = await signInAtFixture(begun.authorizationUrl, callbackUrl(), "alice", "alice-password");
    expect(await completeAuthorization(back.searchParams, LOCAL)).toMatchObject({ ok: true });
    const connection = await settled("rotating");
    await sleep(5_500);
    const stale = (await readGrant("rotating", SHARED))!;
    // "Another replica" refreshes (done here, by this connection), leaving its tokens in the database...
    expect(JSON.stringify(await connection.callTool("whoami", {}))).toContain("alice");
    expect(refreshes()).toBe(1);
    const db = await database();
    const where = { server: "rotating", principal: SHARED };
    const { payload } = await db
      .selectFrom("oauth_grants")
      .select("payload")
      .where("server_id", "=", where.server)
      .where("principal", "=", where.principal)
      .executeTakeFirstOrThrow();
    // ...while this process still holds the expired token and the refresh token just spent.
    await updateGrant("rotating", SHARED, () => stale);
    await db
      .updateTable("oauth_grants")
      .set({ payload })
      .where("server_id", "=", where.server)
      .where("principal", "=", where.principal)
      .execute();
    // Past the "just refreshed, retry" window, within the new token's life.
    await sleep(3_100);
    expect(JSON.stringify(await connection.callTool("whoami", {}))).toContain("alice");
    expect(refreshes()).toBe(1);
    expect(connection.snapshot().status).toBe("ready");
  }, 30_000);
});
