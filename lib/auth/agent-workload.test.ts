// Workload identity for agents: an agent running as a workload brings its platform's JWT as a JWT
// bearer grant, and acts as the person an admin named for that workload; a workload nobody named,
// a token for another audience, one past its life or one meant to live for weeks is refused.
import { describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { listAudit } from "@/lib/audit/query";
import { readerOf } from "@/lib/audit/visibility";
import { BOOTSTRAP_ADMIN } from "@/test/callers";
import { idJagScene } from "@/test/id-jag-scene";

const RUNNER = "system:serviceaccount:ci:runner";
const scene = idJagScene({
  sso: false,
  idJag: false,
  env: (idp) => ({ TOOLSCOPE_AGENT_WORKLOAD_ISSUER: idp.issuer, TOOLSCOPE_AGENT_WORKLOADS: `${RUNNER}=Olga@example.com` }),
});
const audience = () => `${scene.base()}/api/auth`;

describe("an agent that runs as a workload", () => {
  it("gets a token for /mcp with its platform's JWT and calls a tool as the person named for it", async () => {
    const { status, body } = await scene.tokenRequest(await scene.idp().workloadJwt({ sub: RUNNER, audience: audience() }));
    expect(status, JSON.stringify(body)).toBe(200);
    const client = new Client({ name: "ci-runner", version: "2.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${scene.base()}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${String(body.access_token)}` } },
      }),
    );
    try {
      expect((await client.callTool({ name: "demo__echo", arguments: { message: "from CI" } })).isError).toBeFalsy();
    } finally {
      await client.close();
    }
    const reader = readerOf(BOOTSTRAP_ADMIN, new Set());
    const { records } = await listAudit({ via: "agent:ci-runner 2.0.0", limit: 5 }, reader);
    expect(records.find((record) => record.tool_name === "echo")).toMatchObject({ actor_id: scene.people.olga.id, auth_method: "oauth" });
    const authorized = (await listAudit({ kind: "agent_authorized", limit: 10 }, reader)).records.find(
      (record) => record.actor_id === scene.people.olga.id,
    );
    expect(authorized?.auth_method).toBe("workload");
  });

  it.each([
    ["a workload nobody named", { sub: "system:serviceaccount:ci:stranger" }, /acts as no one here/],
    ["a token for another audience", { audience: "https://elsewhere.example" }, /aud/],
    ["a token past its life", { expiresIn: -60 }, /exp/],
    ["a token meant to live for weeks", { expiresIn: 30 * 86_400 }, /more than a day/],
  ] as const)("is refused for %s", async (_case, extra, reason) => {
    const jwt = await scene.idp().workloadJwt({ sub: RUNNER, audience: audience(), ...extra });
    const { status, body } = await scene.tokenRequest(jwt);
    expect(status, JSON.stringify(body)).toBe(400);
    expect(String(body.error_description)).toMatch(reason);
  });

  it("still takes no ID-JAG when no identity provider is configured for them", async () => {
    const { status, body } = await scene.tokenRequest(await scene.idp().idJag(scene.claimsFor("olga")));
    expect(status).toBe(400);
    expect(String(body.error_description)).toMatch(/takes no ID-JAGs/);
  });
});
