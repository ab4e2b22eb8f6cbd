// A hosted Toolscope whose authorization server takes ID-JAGs from a test identity provider
// (test/id-jag-idp.ts), with two operators, the demo server (its echo allowed to agents), the real
// front door, and an agent registered for the JWT bearer grant. With `sso`, the identity provider
// is also the one people sign in with, and each person's single sign-on account is on record.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { invitePerson } from "@/lib/auth/people";
import { database } from "@/lib/db";
import { closeGateway } from "@/lib/gateway/gateway-http";
import { allConnections, connectionFor } from "@/lib/mcp/pool";
import { saveServerPolicy } from "@/lib/policy/policy-store";
import { freePort, startFrontDoor, type TestFrontDoor } from "./front-door";
import { startIdJagIdp, type IdJagClaims, type TestIdp } from "./id-jag-idp";
import { forgetProductSettings } from "./product-settings";

export const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";

export type IdJagScene = {
  idp: () => TestIdp;
  base: () => string;
  agent: () => { client_id: string; client_name: string };
  people: Record<"olga" | "vera", { id: string; email: string }>;
  /** An ID-JAG's claims for Toolscope's authorization server and /mcp, issued to the agent, for a person. */
  claimsFor: (person: "olga" | "vera", extra?: Partial<IdJagClaims>) => IdJagClaims;
  /** The agent's JWT bearer grant at Toolscope's token endpoint. */
  tokenRequest: (assertion: string, extra?: Record<string, string>) => Promise<{ status: number; body: Record<string, unknown> }>;
};

export function idJagScene(options: { sso: boolean; idJag?: false; env?: (idp: TestIdp) => Record<string, string> }): IdJagScene {
  const savedEnv = { ...process.env };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-id-jag-"));
  let door: TestFrontDoor;
  let idp: TestIdp;
  let base = "";
  let agent: { client_id: string; client_name: string };
  const people = {} as IdJagScene["people"];

  beforeAll(async () => {
    forgetProductSettings();
    idp = await startIdJagIdp();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    Object.assign(process.env, {
      TOOLSCOPE_DATA_DIR: dataDir,
      TOOLSCOPE_API_TOKEN: `id-jag-${crypto.randomBytes(8).toString("hex")}`,
      TOOLSCOPE_PUBLIC_URL: base,
      TOOLSCOPE_PORT: String(port),
      ...(options.idJag === false ? {} : { TOOLSCOPE_AGENT_ID_JAG_ISSUER: idp.issuer }),
      ...(options.sso
        ? { TOOLSCOPE_OIDC_ISSUER: idp.issuer, TOOLSCOPE_OIDC_CLIENT_ID: "toolscope", TOOLSCOPE_OIDC_CLIENT_SECRET: "unused-here" }
        : {}),
      ...options.env?.(idp),
    });
    for (const [key, email] of [
      ["olga", "olga@example.com"],
      ["vera", "vera@example.com"],
    ] as const) {
      const { person } = await invitePerson({ email, role: "operator", password: "generate" }, { actor: "test", clientIp: null });
      people[key] = { id: person.id, email };
      if (options.sso) {
        const now = new Date().toISOString();
        await (
          await database()
        )
          .insertInto("auth_account")
          .values({
            id: `acct-${key}`,
            accountId: `idp|${key}`,
            providerId: "sso",
            userId: person.id,
            createdAt: now,
            updatedAt: now,
          } as never)
          .execute();
      }
    }
    await saveServerPolicy("demo", { agents: { tools: { echo: "allow" } } }, null);
    door = await startFrontDoor({ port });
    await (await connectionFor("demo")).ready();
    // The agent registers itself for the grant, as a public client (it has no redirect: no one is sent anywhere).
    const registered = await fetch(`${base}/api/auth/oauth2/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Fleet agent", grant_types: [JWT_BEARER], token_endpoint_auth_method: "none" }),
    });
    expect(registered.status, await registered.clone().text()).toBe(201);
    agent = (await registered.json()) as typeof agent;
  }, 60_000);

  afterAll(async () => {
    await closeGateway();
    await door?.close();
    await idp?.close();
    await Promise.all((await allConnections()).map((connection) => connection.close()));
    process.env = savedEnv;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    idp: () => idp,
    base: () => base,
    agent: () => agent,
    people,
    claimsFor: (person, extra = {}) => ({
      sub: `idp|${person}`,
      email: people[person].email,
      client_id: agent.client_id,
      resource: `${base}/mcp`,
      audience: `${base}/api/auth`,
      ...extra,
    }),
    async tokenRequest(assertion, extra = {}) {
      const response = await fetch(`${base}/api/auth/oauth2/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: JWT_BEARER, assertion, client_id: agent.client_id, ...extra }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
  };
}
