// Definition pinning on a developer's machine (local mode), on one database: the first list is
// pinned by itself, a changed tool is shown with what changed but still called (warn), and the
// server's policy can hold it instead, or accept changes as they come (each still recorded in the
// audit log). Run once per database (lib/pins/pins-local.*.test.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localCaller } from "@/lib/auth/identify";
import { AppError } from "@/lib/errors";
import { connectionFor } from "@/lib/mcp/pool";
import { runCall } from "@/lib/calls/run-call";
import { saveServerPolicy } from "@/lib/policy/policy-store";
import { pinsView } from "@/lib/pins/definition-pins";
import { watchDefinitions } from "@/lib/pins/watch";
import { agentTools } from "@/lib/gateway/agent-tools";
import { stdioCommand } from "./fixtures/spawn";
import { forgetProductSettings } from "@/test/product-settings";

// Local mode's one user, as the front door identifies them.
const LOCAL = localCaller("127.0.0.1").caller;

export function describeLocalPinning(database: "sqlite" | "postgres"): void {
  const savedEnv = { ...process.env };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-pins-local-"));

  beforeAll(async () => {
    if (database === "sqlite") {
      forgetProductSettings();
      process.env.TOOLSCOPE_DATA_DIR = dataDir;
    }
    fs.writeFileSync(path.join(dataDir, "mcp.json"), JSON.stringify({ mcpServers: { changes: stdioCommand("list-changes.ts") } }));
    Object.assign(process.env, { TOOLSCOPE_CONFIG: path.join(dataDir, "mcp.json"), TOOLSCOPE_DEMO_SERVER: "off" });
    watchDefinitions();
    await (await connectionFor("changes")).ready();
  }, 60_000);

  afterAll(async () => {
    const { allConnections } = await import("@/lib/mcp/pool");
    await Promise.all((await allConnections()).map((connection) => connection.close()));
    if (database === "sqlite") process.env = savedEnv;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (toolName: string) => runCall({ serverId: "changes", toolName, arguments: {}, caller: LOCAL });
  /** The description agents are offered through /mcp for the changing tool. */
  const offered = async () => (await agentTools(LOCAL)).get("changes__target")?.listed.description;

  async function revised(times: number): Promise<string> {
    await call("revise");
    await expect
      .poll(async () => (await pinsView("changes", LOCAL)).pending.map((p) => p.changes.map((c) => (c as { after?: unknown }).after)), {
        timeout: 10_000,
      })
      .toEqual([[`Revision ${times + 1}.`]]);
    return (await pinsView("changes", LOCAL)).pending[0]!.hash;
  }

  describe(`definition pinning in local mode, on ${database}`, () => {
    it("pins the first list by itself", async () => {
      await expect.poll(async () => (await pinsView("changes", LOCAL)).pinned, { timeout: 10_000 }).toBe(2);
      expect(await pinsView("changes", LOCAL)).toMatchObject({ policy: "warn", policySet: false, pending: [], mayApprove: true });
    });

    it("warns of a changed tool and lets its calls through", async () => {
      await revised(1);
      expect((await pinsView("changes", LOCAL)).pending[0]).toMatchObject({ tool: "target", reason: "changed", held: false });
      expect((await call("target")).status).toBe("ok");
      // A person's call goes through with the warning; agents still read the approved definition (issue 43).
      expect(await offered()).toBe("Revision 1.");
    });

    it("holds it when the server's policy says hold", async () => {
      await saveServerPolicy("changes", { definitionChanges: "hold" }, null);
      await expect(call("target")).rejects.toThrow(AppError);
      await expect(call("target")).rejects.toMatchObject({ code: "conflict:tool_definition" });
      await saveServerPolicy("changes", {}, null);
      expect((await call("target")).status).toBe("ok");
    });

    it("accepts changes as they come under the accept policy, and records each", async () => {
      await saveServerPolicy("changes", { definitionChanges: "accept" }, null);
      await call("revise");
      const { database: db } = await import("@/lib/db");
      const accepted = async () =>
        (await (await db()).selectFrom("audit_log").select("arguments").where("kind", "=", "tool_definition_changed").execute()).map(
          (row) => JSON.parse(row.arguments ?? "{}") as Record<string, unknown>,
        );
      await expect.poll(accepted, { timeout: 10_000 }).toContainEqual(expect.objectContaining({ subject: "target", accepted: true }));
      const view = await pinsView("changes", LOCAL);
      expect(view.pending).toEqual([]);
      expect((await call("target")).status).toBe("ok");
      expect(await offered()).toBe("Revision 3.");
    });
  });
}
