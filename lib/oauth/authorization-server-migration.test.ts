// A server that moves to another authorization server (issue #28, SEP-2352; the conformance
// suite's auth/authorization-server-migration): its protected resource metadata names AS1, then
// AS2. Toolscope must stop refreshing at AS1, stop looking authorized, and send the next
// Authorize to AS2, where it registers afresh rather than bring AS1's client along.
// Real servers on loopback (test/oauth-migration-fixture.ts), no mocked fetch.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "@/lib/domain/roles";
import { connectionFor } from "@/lib/mcp/pool";
import { addServer, removeServer } from "@/lib/mcp/servers";
import {
  startAuthorizationServerMigrationFixture,
  type AuthorizationServerMigrationFixture,
  type TestAuthorizationServer,
} from "@/test/oauth-migration-fixture";
import { authorizationView, beginAuthorization, completeAuthorization } from "../mcp/oauth-authorization";
import { readGrant, SHARED } from "./oauth-store";
import { forgetProductSettings } from "@/test/product-settings";

const savedEnv = { ...process.env };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-oauth-migration-"));
let fixture: AuthorizationServerMigrationFixture;

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

beforeAll(async () => {
  fixture = await startAuthorizationServerMigrationFixture();
  forgetProductSettings();
  Object.assign(process.env, { TOOLSCOPE_DATA_DIR: dataDir, TOOLSCOPE_DEMO_SERVER: "off" });
  await addServer("moving", { url: fixture.mcpUrl, type: "http", name: "Moving" });
}, 60_000);

afterAll(async () => {
  await removeServer("moving").catch(() => undefined);
  const { allConnections } = await import("@/lib/mcp/pool");
  await Promise.all((await allConnections()).map((connection) => connection.close()));
  await fixture?.close();
  process.env = savedEnv;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function settled() {
  const connection = await connectionFor("moving", LOCAL);
  await connection.ready().catch(() => undefined);
  return connection;
}

/** Begins an authorization and answers where the browser was sent. */
async function begin(): Promise<URL> {
  const begun = await beginAuthorization("moving", LOCAL, {});
  expect(begun.kind).toBe("redirect");
  return new URL((begun as { authorizationUrl: string }).authorizationUrl);
}

/** The browser's part: the test servers approve at once and redirect back with the code. */
async function authorizeAt(url: URL): Promise<void> {
  const answer = await fetch(url, { redirect: "manual" });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get("location") ?? "");
  expect(await completeAuthorization(back.searchParams, LOCAL)).toMatchObject({ ok: true });
}

const refreshesAt = (server: TestAuthorizationServer): number =>
  server.stats.tokenRequests.filter((t) => t.grantType === "refresh_token").length;

async function whoami(): Promise<string> {
  const connection = await settled();
  return JSON.stringify(await connection.callTool("whoami", {}));
}

describe("an authorization server migration", () => {
  it("on the 401 after the move, drops AS1's tokens instead of refreshing there, and asks for authorization", async () => {
    const { as1, as2 } = fixture;
    expect((await settled()).snapshot().status).toBe("unauthorized");
    const first = await begin();
    expect(first.origin).toBe(as1.issuer);
    await authorizeAt(first);
    expect(await whoami()).toContain("issued-by=as1");
    expect((await authorizationView("moving", LOCAL)).authorized).toBe(true);

    fixture.moveTo(as2);
    const connection = await settled();
    await expect(connection.callTool("whoami", {})).rejects.toThrow();
    // Not refreshed at the server the resource left: that refresh token is AS1's business only.
    expect(refreshesAt(as1)).toBe(0);
    // Neither ready nor authorized until someone authorizes at AS2.
    await expect.poll(() => connection.snapshot().status).toBe("unauthorized");
    expect(connection.snapshot()).toMatchObject({ oauth: { required: true } });
    expect((await readGrant("moving", SHARED))?.tokens).toBeUndefined();
    const view = await authorizationView("moving", LOCAL);
    expect(view.authorized).toBe(false);
    const changed = view.journal.find((entry) => entry.step === "authorization-server-changed");
    expect(changed?.summary).toContain(`from ${as1.issuer} to ${as2.issuer}`);

    // Authorize goes to AS2, with a client registered there, never AS1's client id.
    const second = await begin();
    expect(second.origin).toBe(as2.issuer);
    expect(as2.stats.registrations).toHaveLength(1);
    expect(second.searchParams.get("client_id")).toBe(as2.stats.registrations[0]);
    await authorizeAt(second);
    const seenAtAs2 = [...as2.stats.authorizationRequests, ...as2.stats.tokenRequests].map((r) => r.clientId);
    expect(seenAtAs2.some((id) => as1.stats.registrations.includes(id ?? ""))).toBe(false);
    await expect.poll(async () => (await settled()).snapshot().status).toBe("ready");
    expect(await whoami()).toContain("issued-by=as2");
    expect(refreshesAt(as1)).toBe(0);
  });

  it("Authorize discovers afresh: a move noticed before any 401 still sends the person to the new server", async () => {
    const { as1, as2 } = fixture;
    // Back to AS1, with AS2's tokens still accepted: nothing fails, so only discovery can tell.
    fixture.moveTo(as1, { keepOldTokens: true });
    expect(await whoami()).toContain("issued-by=as2");
    const next = await begin();
    expect(next.origin).toBe(as1.issuer);
    expect(refreshesAt(as2)).toBe(0);
  });
});
