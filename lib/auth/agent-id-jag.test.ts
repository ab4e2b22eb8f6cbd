// Enterprise-managed authorization for agents, through the real front door: an agent registered
// for the JWT bearer grant brings an ID-JAG the company identity provider issued it for a person,
// gets a token for /mcp, and calls a tool as that person; its use is in the audit log with the
// person and the agent. Everything a forged, replayed, misdirected or disabled person's ID-JAG
// would get is refused with the reason.
import { describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { listAudit } from "@/lib/audit/query";
import { readerOf } from "@/lib/audit/visibility";
import { agentGrants } from "@/lib/auth/agent-grants";
import { changePerson } from "@/lib/auth/people";
import { BOOTSTRAP_ADMIN } from "@/test/callers";
import { idJagScene, JWT_BEARER } from "@/test/id-jag-scene";

const ADMIN_READER = readerOf(BOOTSTRAP_ADMIN, new Set());
const scene = idJagScene({ sso: false });
const { people, claimsFor, tokenRequest } = scene;

describe("an agent that presents an ID-JAG", () => {
  it("is advertised: the authorization server names the grant", async () => {
    const metadata = (await (await fetch(`${scene.base()}/.well-known/oauth-authorization-server/api/auth`)).json()) as {
      grant_types_supported: string[];
    };
    expect(metadata.grant_types_supported).toContain(JWT_BEARER);
  });

  it("gets a token for /mcp and calls a tool as the person named, audited via the agent", async () => {
    const { status, body } = await tokenRequest(await scene.idp().idJag(claimsFor("olga")));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.token_type).toBe("Bearer");
    expect(body.scope).toBe("read call");
    expect(body.refresh_token).toBeUndefined();
    const client = new Client({ name: "fleet-runner", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${scene.base()}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${String(body.access_token)}` } },
      }),
    );
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("demo__echo");
      const result = await client.callTool({ name: "demo__echo", arguments: { message: "from the fleet" } });
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
    }
    const { records } = await listAudit({ via: "agent:fleet-runner 1.0.0", limit: 5 }, ADMIN_READER);
    expect(records.find((record) => record.tool_name === "echo")).toMatchObject({
      actor_id: people.olga.id,
      auth_method: "oauth",
      token_name: "Fleet agent",
    });
    // The identity provider's yes is kept as the person's grant: on their account page, and in the log once.
    expect((await agentGrants(people.olga.id)).map((grant) => grant.clientId)).toContain(scene.agent().client_id);
    const authorized = await listAudit({ kind: "agent_authorized", limit: 10 }, ADMIN_READER);
    const record = authorized.records.find((r) => r.actor_id === people.olga.id);
    expect(record?.auth_method).toBe("id-jag");
    expect(JSON.stringify(record)).toContain(scene.idp().issuer);
  });

  it("gets only the scopes the ID-JAG allows", async () => {
    const { status, body } = await tokenRequest(await scene.idp().idJag(claimsFor("olga", { scope: "read" })), { scope: "read call" });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.scope).toBe("read");
  });

  it("is refused for a disabled person", async () => {
    await changePerson(people.vera.id, { disabled: true }, BOOTSTRAP_ADMIN);
    try {
      const { status, body } = await tokenRequest(await scene.idp().idJag(claimsFor("vera")));
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: "invalid_grant" });
      expect(String(body.error_description)).toMatch(/disabled/);
    } finally {
      await changePerson(people.vera.id, { disabled: false }, BOOTSTRAP_ADMIN);
    }
    expect(await agentGrants(people.vera.id)).toEqual([]);
  });

  it.each([
    ["signed with a key the identity provider never published", { forged: true }, {}, /refused/],
    ["for another client", {}, { client_id: "someone-else" }, /issued to client someone-else/],
    ["for another resource", {}, { resource: "https://elsewhere.example/mcp" }, /not for/],
    ["for another authorization server", {}, { audience: "https://elsewhere.example" }, /aud/],
    ["expired", {}, { expiresIn: -60 }, /exp/],
    ["of another type (a plain ID token)", {}, { typ: "JWT" }, /not typ JWT/],
    ["naming someone without an account", {}, { email: "nobody@example.com" }, /no Toolscope account/],
  ] as const)("is refused when %s", async (_case, options, extra, reason) => {
    const { status, body } = await tokenRequest(await scene.idp().idJag(claimsFor("olga", extra), options));
    expect(status, JSON.stringify(body)).toBe(400);
    expect(String(body.error_description)).toMatch(reason);
  });

  it("is refused the second time it is presented", async () => {
    const assertion = await scene.idp().idJag(claimsFor("olga"));
    expect((await tokenRequest(assertion)).status).toBe(200);
    const again = await tokenRequest(assertion);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("invalid_grant");
  });
});
