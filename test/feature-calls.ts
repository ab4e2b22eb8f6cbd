// Resource reads and prompt gets through the call pipeline (lib/calls/run-feature.ts), against
// the demo server over stdio and a server that is down, on one database: each answers with its
// outcome and leaves an audit record of its kind that names the person, with secret-looking
// arguments redacted. Run once per database (run-feature.*.test.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADA_OPERATOR } from "./callers";
import { DEMO_CLI } from "./demo-client";
import { programArgs } from "./programs";
import { REPO_ROOT, stdioCommand } from "./fixtures/spawn";
import { forgetProductSettings } from "@/test/product-settings";

const ADA = ADA_OPERATOR;

export function describeFeatureCalls(database: "sqlite" | "postgres"): void {
  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-features-"));

  beforeAll(() => {
    if (database === "sqlite") {
      forgetProductSettings();
      process.env.TOOLSCOPE_DATA_DIR = configDir;
    }
    fs.writeFileSync(
      path.join(configDir, "mcp.json"),
      JSON.stringify({
        mcpServers: {
          demo: { command: process.execPath, args: [...programArgs(DEMO_CLI), "stdio"], cwd: REPO_ROOT },
          down: { type: "http", url: "http://127.0.0.1:9/mcp" },
          "tools-only": stdioCommand("legacy-2024.ts"),
        },
      }),
    );
    Object.assign(process.env, { TOOLSCOPE_CONFIG: path.join(configDir, "mcp.json"), TOOLSCOPE_DEMO_SERVER: "off" });
  });

  afterAll(async () => {
    const { allConnections } = await import("@/lib/mcp/pool");
    await Promise.all((await allConnections()).map((connection) => connection.close()));
    fs.rmSync(configDir, { recursive: true, force: true });
  });

  async function record(auditId: string) {
    const { getAuditEntry } = await import("@/lib/audit/query");
    const { readerOf } = await import("@/lib/audit/visibility");
    return (await getAuditEntry(auditId, readerOf({ ...ADA, role: "admin" }))).record;
  }

  describe(`resources and prompts through the pipeline, audited in ${database}`, () => {
    it("lists the demo server's resources, its template and its prompts", async () => {
      const { serverPrompts, serverResources } = await import("@/lib/mcp/server-catalogs");
      const resources = await serverResources("demo", ADA);
      expect(resources.supported).toBe(true);
      expect(resources.resources.map((r) => r.uri)).toEqual(expect.arrayContaining(["demo://files/report.csv", "demo://images/chart.png"]));
      expect(resources.templates.map((t) => t.uriTemplate)).toEqual(["demo://weather/{city}"]);
      const prompts = await serverPrompts("demo", ADA);
      expect(prompts.prompts.map((p) => p.name)).toEqual(["greeting", "summarize_report", "explain_code"]);
    });

    it("a read answers the contents and leaves a resource_read record naming the person", async () => {
      const { readResource } = await import("@/lib/calls/run-feature");
      const answer = await readResource({ serverId: "demo", uri: "demo://files/report.csv", caller: ADA });
      expect(answer.status).toBe("ok");
      expect(answer.result?.contents[0]).toMatchObject({
        uri: "demo://files/report.csv",
        mimeType: "text/csv",
        text: expect.stringContaining("visitors"),
      });
      expect(await record(answer.auditId)).toMatchObject({
        kind: "resource_read",
        tool_name: "demo://files/report.csv",
        outcome: "ok",
        actor_id: "user-ada",
        actor_name: "Ada",
        arguments: { uri: "demo://files/report.csv" },
      });
      // Counted in /metrics as the audit log has it, under its kind (a URI is no label: there is no bound on them).
      const { metricsText } = await import("@/lib/metrics/metrics");
      expect(await metricsText()).toMatch(/^toolscope_tool_calls_total\{server="demo",tool="\(resource_read\)",outcome="ok"\} [1-9]/m);
    });

    it("a read of an unknown URI is the server's JSON-RPC error, audited as such", async () => {
      const { readResource } = await import("@/lib/calls/run-feature");
      const answer = await readResource({ serverId: "demo", uri: "demo://nowhere", caller: ADA });
      expect(answer).toMatchObject({
        status: "protocol_error",
        error: { code: -32602, message: expect.stringContaining("Unknown resource") },
      });
      expect(await record(answer.auditId)).toMatchObject({ kind: "resource_read", outcome: "protocol_error", error_code: -32602 });
    });

    it("a prompt get answers its messages; an argument under a secret key is not kept", async () => {
      const { getPrompt } = await import("@/lib/calls/run-feature");
      const answer = await getPrompt({
        serverId: "demo",
        name: "summarize_report",
        arguments: { style: "short", api_key: "sk-live-feature-secret" },
        caller: ADA,
      });
      expect(answer.status).toBe("ok");
      expect(answer.result?.messages).toHaveLength(2);
      expect(answer.result?.messages[1]?.content).toMatchObject({ type: "resource", resource: { uri: "demo://files/report.csv" } });
      const kept = await record(answer.auditId);
      expect(kept).toMatchObject({ kind: "prompt_get", tool_name: "summarize_report", outcome: "ok", actor_name: "Ada" });
      expect(kept.arguments).toEqual({ style: "short", api_key: "[redacted]" });
      expect(JSON.stringify(kept)).not.toContain("sk-live-feature-secret");
    });

    it("a prompt without a required argument is refused by the server, and audited", async () => {
      const { getPrompt } = await import("@/lib/calls/run-feature");
      const answer = await getPrompt({ serverId: "demo", name: "explain_code", arguments: {}, caller: ADA });
      expect(answer).toMatchObject({ status: "protocol_error", error: { message: expect.stringContaining("code") } });
    });

    it("a completion suggests what the server offers for an argument, with the earlier ones as context, audited", async () => {
      const { complete } = await import("@/lib/calls/run-feature");
      const city = await complete({
        serverId: "demo",
        ref: { type: "ref/resource", uri: "demo://weather/{city}" },
        argument: { name: "city", value: "po" },
        caller: ADA,
      });
      expect(city).toMatchObject({ status: "ok", result: { completion: { values: ["Porto"] } } });
      const style = await complete({
        serverId: "demo",
        ref: { type: "ref/prompt", name: "summarize_report" },
        argument: { name: "style", value: "" },
        context: { arguments: { audience: "the board" } },
        caller: ADA,
      });
      expect(style.result?.completion.values).toEqual(["short", "detailed"]);
      expect(await record(style.auditId)).toMatchObject({
        kind: "completion",
        tool_name: "summarize_report",
        arguments: {
          ref: { type: "ref/prompt", name: "summarize_report" },
          argument: "style",
          arguments: { audience: "the board", style: "" },
        },
      });
    });

    it("a ping on a 2026-07-28 session is not sent (the revision has none); a server that is down is not connected (503)", async () => {
      const { pingServer } = await import("@/lib/mcp/server-catalogs");
      expect(await pingServer("demo", ADA)).toMatchObject({ answered: false, error: expect.stringContaining("not supported") });
      await expect(pingServer("down", ADA)).rejects.toMatchObject({ code: "unavailable:server" });
    });

    it("what a server does not declare is refused before anything is sent or recorded", async () => {
      const { complete, getPrompt, readResource } = await import("@/lib/calls/run-feature");
      const { listAudit } = await import("@/lib/audit/query");
      const { readerOf } = await import("@/lib/audit/visibility");
      const refused = { code: "bad_request:body", message: expect.stringContaining("declares no") };
      await expect(readResource({ serverId: "tools-only", uri: "x://y", caller: ADA })).rejects.toMatchObject(refused);
      await expect(getPrompt({ serverId: "tools-only", name: "p", arguments: {}, caller: ADA })).rejects.toMatchObject(refused);
      const ref = { type: "ref/prompt", name: "p" } as const;
      await expect(complete({ serverId: "tools-only", ref, argument: { name: "a", value: "" }, caller: ADA })).rejects.toMatchObject(
        refused,
      );
      const { records } = await listAudit({ limit: 10, serverId: "tools-only" }, readerOf({ ...ADA, role: "admin" }));
      expect(records).toEqual([]);
    });

    it("a password in a URI is not in the record's name; a value typed into a secret argument is not kept", async () => {
      const { complete, readResource } = await import("@/lib/calls/run-feature");
      const read = await readResource({ serverId: "demo", uri: "postgres://svc:hunter2-feature@db/x", caller: ADA });
      expect(read.status).toBe("protocol_error");
      expect((await record(read.auditId)).tool_name).toBe("postgres://svc:[redacted]@db/x");
      const typed = await complete({
        serverId: "demo",
        ref: { type: "ref/prompt", name: "summarize_report" },
        argument: { name: "api_key", value: "sk-live-typed-secret" },
        caller: ADA,
      });
      const kept = await record(typed.auditId);
      expect(JSON.stringify(kept)).not.toContain("sk-live-typed-secret");
    });

    it("what the server logs is kept for its page, masked; a 2026-07-28 session takes no level", async () => {
      const { connectionFor } = await import("@/lib/mcp/pool");
      const { serverLog, setServerLogLevel } = await import("@/lib/mcp/server-catalogs");
      await (await connectionFor("demo", ADA)).callTool("get_weather", { city: "Oslo" });
      const log = await serverLog("demo", ADA);
      expect(log.canSetLevel).toBe(false);
      expect(log.messages).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ level: "info", logger: "demo.calls", text: "tools/call get_weather" }),
          expect.objectContaining({ level: "debug", text: JSON.stringify({ tool: "get_weather", argumentNames: ["city"] }) }),
        ]),
      );
      await expect(setServerLogLevel("demo", "warning", ADA)).rejects.toMatchObject({ code: "bad_request:body" });
    });

    it("a server that is down still gets a record: unavailable", async () => {
      const { readResource } = await import("@/lib/calls/run-feature");
      const answer = await readResource({ serverId: "down", uri: "x://y", caller: ADA });
      expect(answer.status).toBe("unavailable");
      expect(await record(answer.auditId)).toMatchObject({ kind: "resource_read", outcome: "unavailable", server_id: "down" });
    });

    it("the log lists them by kind, and the chain still verifies", async () => {
      const { listAudit } = await import("@/lib/audit/query");
      const { readerOf } = await import("@/lib/audit/visibility");
      const { auditStore } = await import("@/lib/audit");
      const reader = readerOf({ ...ADA, role: "admin" });
      const reads = await listAudit({ limit: 50, kind: "resource_read" }, reader);
      expect(reads.records.length).toBe(4);
      const events = await listAudit({ limit: 50, kind: "event" }, reader);
      expect(events.records.filter((r) => r.kind === "resource_read" || r.kind === "prompt_get")).toEqual([]);
      expect((await (await auditStore()).verifyChain()).ok).toBe(true);
    });
  });
}
