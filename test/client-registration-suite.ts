// Dynamic client registration through the real front door (issue 43, finding 8), on one database:
// anyone may register, so what they register is limited in size (it is stored, and its name shown on
// a person's consent page) and in number per address (counted where every replica sees it). Run once
// per database (lib/auth/client-registration.*.test.ts).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CLIENT_NAME, REGISTRATIONS_PER_HOUR, oversizedMetadata, shownClientName } from "@/lib/auth/client-registration";
import { ANONYMOUS } from "@/lib/domain/roles";
import { admin, POSTGRES_URL } from "./app-on-postgres";
import { freePort, startFrontDoor, type TestFrontDoor } from "./front-door";
import { forgetProductSettings } from "@/test/product-settings";

export function describeRegistrationLimits(kind: "sqlite" | "postgres"): void {
  const savedEnv = { ...process.env };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-registration-"));
  const schema = `registration_${crypto.randomBytes(4).toString("hex")}`;
  let door: TestFrontDoor;

  beforeAll(async () => {
    forgetProductSettings();
    if (kind === "postgres") {
      await admin(`create schema ${schema}`);
      process.env.DATABASE_URL = `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    }
    const port = await freePort();
    Object.assign(process.env, {
      TOOLSCOPE_DATA_DIR: dataDir,
      TOOLSCOPE_DEMO_SERVER: "off",
      TOOLSCOPE_API_TOKEN: `registration-${crypto.randomBytes(8).toString("hex")}`,
      TOOLSCOPE_PUBLIC_URL: `http://127.0.0.1:${port}`,
      TOOLSCOPE_PORT: String(port),
    });
    door = await startFrontDoor({ port });
  }, 60_000);

  afterAll(async () => {
    await door?.close();
    if (kind === "postgres") {
      const { database } = await import("@/lib/db");
      await (await database()).destroy();
      await admin(`drop schema ${schema} cascade`);
    }
    process.env = savedEnv;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const register = (metadata: Record<string, unknown>) =>
    fetch(`${door.base}/api/auth/oauth2/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ redirect_uris: ["http://127.0.0.1:33418/callback"], token_endpoint_auth_method: "none", ...metadata }),
    });

  describe(`dynamic client registration's limits, on ${kind}`, () => {
    it("refuses a name, a value or a list too large, in RFC 7591's words, and stores nothing", async () => {
      const huge = await register({ client_name: "x".repeat(200_000) });
      expect(huge.status).toBe(400);
      expect(await huge.json()).toMatchObject({ error: "invalid_client_metadata", error_description: expect.stringContaining("bytes") });
      const long = await register({ client_name: "x".repeat(MAX_CLIENT_NAME + 1) });
      expect(await long.json()).toMatchObject({
        error: "invalid_client_metadata",
        error_description: expect.stringContaining("client_name"),
      });
      const many = await register({
        client_name: "Many",
        redirect_uris: Array.from({ length: 50 }, (_v, i) => `http://127.0.0.1:${3000 + i}/cb`),
      });
      expect(many.status).toBe(400);
      expect(oversizedMetadata({ client_name: "n".repeat(MAX_CLIENT_NAME) })).toBeNull();
      expect(oversizedMetadata({ client_uri: `https://example.com/${"a".repeat(3_000)}` })).toMatch(/client_uri/);
      const { database } = await import("@/lib/db");
      const stored = await (await database()).selectFrom("auth_oauth_client").select("name").execute();
      expect(stored.some((row) => (row.name ?? "").length > MAX_CLIENT_NAME)).toBe(false);
    });

    it(`registers a client as before, up to ${REGISTRATIONS_PER_HOUR} an hour from one address, then answers 429 with Retry-After`, async () => {
      const answers: number[] = [];
      // The three refusals above counted too: every attempt from an address does.
      for (let i = 0; i < REGISTRATIONS_PER_HOUR; i++) answers.push((await register({ client_name: `Agent ${i}` })).status);
      expect(answers.slice(0, REGISTRATIONS_PER_HOUR - 3).every((status) => status === 201)).toBe(true);
      expect(answers.slice(REGISTRATIONS_PER_HOUR - 3)).toEqual([429, 429, 429]);
      const refused = await register({ client_name: "One more" });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ error: "slow_down" });
    });

    it("cuts a long name stored before the limit where a page shows it", async () => {
      expect(shownClientName("Claude Code")).toBe("Claude Code");
      expect(shownClientName("y".repeat(5_000))).toHaveLength(MAX_CLIENT_NAME + 1);
      // A client registered before there was a limit (one registered above, renamed in place).
      const { database } = await import("@/lib/db");
      const db = await database();
      const { clientId } = await db
        .selectFrom("auth_oauth_client")
        .select("clientId")
        .where("name", "=", "Agent 0")
        .executeTakeFirstOrThrow();
      await db
        .updateTable("auth_oauth_client")
        .set({ name: "y".repeat(200_000) })
        .where("clientId", "=", clientId)
        .execute();
      const { agentName, consentRequest } = await import("@/lib/auth/agent-consent");
      const person = { ...ANONYMOUS, clientIp: null, name: "Ada", role: "admin" as const };
      const consent = await consentRequest({ client_id: clientId, redirect_uri: "http://127.0.0.1:33418/callback", sig: "signed" }, person);
      expect(consent.ok && consent.client.name).toBe(shownClientName("y".repeat(200_000)));
      expect(await agentName(clientId)).toHaveLength(MAX_CLIENT_NAME + 1);
    });
  });
}
