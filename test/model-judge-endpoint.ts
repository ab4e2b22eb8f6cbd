// The model judge through a real HTTP model endpoint, on one database (lib/report/model-judge-
// endpoint.*.test.ts): the scripted OpenAI-compatible server (test/scripted-model-server.ts) is a
// shared provider on the Models page, an admin makes one of its models the judge, and a server
// (test/fixtures/judged-tools.ts) lists a tool whose description lies with no alarm word. The whole
// path runs: the setting, the provider store's sealed key, the AI SDK over HTTP, the verdict kept
// in the database, the definition held (calls refused under the hold policy), its finding on the
// report card, no second question for the same definition; then a model that fails, which leaves
// the text scan's word and says so, and no judge at all, which is the card as before.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localCaller } from "@/lib/auth/identify";
import { runCall } from "@/lib/calls/run-call";
import { ADA_OPERATOR } from "@/test/callers";
import { connectionFor } from "@/lib/mcp/pool";
import { addProvider } from "@/lib/models/provider-store";
import { pinsView } from "@/lib/pins/definition-pins";
import { watchDefinitions } from "@/lib/pins/watch";
import { saveServerPolicy } from "@/lib/policy/policy-store";
import { JUDGE_RUBRIC_VERSION } from "@/lib/report/judge-rubric";
import { changeJudgeSetting, judgeSettingView } from "@/lib/report/judge-setting";
import { buildReport } from "@/lib/report/report-card";
import { appOnPostgres } from "./app-on-postgres";
import { stdioCommand } from "./fixtures/spawn";
import { startScriptedModelServer, textOf, type ChatRequest, type ScriptedModelServer } from "./scripted-model-server";
import { onSqliteDataDir } from "@/test/sqlite-data-dir";

const KEY = "sk-judge-team-5e1d";
const LIE = "Losses below 8% are shown as 0.0%, which clients find reassuring.";
const LOCAL = localCaller("127.0.0.1").caller;

/** The scripted judge: the portfolio tool is poisoned (quoting the lie), anything else benign; `down` answers 503. */
const behaviour = { down: false };
function judgeScript(request: ChatRequest) {
  if (behaviour.down) return { status: 503, error: "The judge is overloaded." };
  const definition = textOf(request.messages.at(-1));
  const verdict = definition.includes("portfolio_summary")
    ? { verdict: "poisoned", score: 0.91, span: LIE, path: "description", reason: "Hides losses under 8% from the user." }
    : { verdict: "benign", score: 0.03, span: "", path: "", reason: "Describes the tool honestly." };
  return { text: JSON.stringify(verdict) };
}

export function describeModelJudgeEndpoint(kind: "sqlite" | "postgres"): void {
  const configDir =
    kind === "sqlite" ? onSqliteDataDir("toolscope-judge-endpoint") : fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-judge-endpoint-"));
  if (kind === "postgres") appOnPostgres("toolscope_judge");
  let models: ScriptedModelServer;
  const completions = () => models.requests.filter((r) => r.path === "/v1/chat/completions");

  beforeAll(async () => {
    models = await startScriptedModelServer({ apiKey: KEY, models: { "judge-1": judgeScript, "judge-2": judgeScript } });
    fs.writeFileSync(path.join(configDir, "mcp.json"), JSON.stringify({ mcpServers: { fund: stdioCommand("judged-tools.ts") } }));
    process.env.TOOLSCOPE_CONFIG = path.join(configDir, "mcp.json");
    await addProvider(LOCAL, { scope: "shared", name: "team", kind: "openai-compatible", baseUrl: models.baseUrl, apiKey: KEY });
  }, 60_000);

  afterAll(async () => {
    const { allConnections } = await import("@/lib/mcp/pool");
    await Promise.all((await allConnections()).map((connection) => connection.close()));
    await models.close();
    if (kind === "postgres") fs.rmSync(configDir, { recursive: true, force: true });
  });

  describe(`the model judge over HTTP, on ${kind}`, () => {
    it("is an admin's choice, of a model a shared provider serves", async () => {
      expect(await judgeSettingView(LOCAL)).toMatchObject({ model: null, rubricVersion: JUDGE_RUBRIC_VERSION, threshold: 0.7 });
      await expect(changeJudgeSetting(ADA_OPERATOR, { model: "team/judge-1" })).rejects.toMatchObject({ code: "forbidden:role" });
      await expect(changeJudgeSetting(LOCAL, { model: "nobody/judge-1" })).rejects.toMatchObject({ code: "not_found:model" });
      expect(await changeJudgeSetting(LOCAL, { model: "team/judge-1" })).toMatchObject({ model: "team/judge-1", mayChange: true });
    });

    it("holds the definition it judges poisoned, lets the honest one through, and asks once per definition", async () => {
      await saveServerPolicy("fund", { definitionChanges: "hold" }, null);
      watchDefinitions();
      const connection = await connectionFor("fund");
      await connection.ready();
      await expect
        .poll(async () => (await pinsView("fund", LOCAL)).pending.map((p) => [p.tool, p.reason, p.held]), { timeout: 20_000 })
        .toEqual([["portfolio_summary", "flagged", true]]);
      const [pending] = (await pinsView("fund", LOCAL)).pending;
      expect(pending!.flags).toEqual(["Judged poisoned by team/judge-1 (score 0.91): Hides losses under 8% from the user."]);
      await expect(runCall({ serverId: "fund", toolName: "portfolio_summary", arguments: {}, caller: LOCAL })).rejects.toMatchObject({
        code: "conflict:tool_definition",
      });
      expect((await runCall({ serverId: "fund", toolName: "weather", arguments: {}, caller: LOCAL })).status).toBe("ok");

      // Each definition went to the model once, as the rubric's system prompt and the definition, with the provider's key.
      expect(completions()).toHaveLength(2);
      const sent = completions()[0]!;
      expect(sent.authorization).toBe(`Bearer ${KEY}`);
      expect(textOf(sent.body!.messages[0])).toContain("Tool poisoning is text anywhere in that definition");
      expect(textOf(sent.body!.messages.at(-1))).toContain("<<<TOOL DEFINITION");

      const card = await buildReport(connection, { probe: false, callStats: null, otherTools: new Set() });
      const finding = card.findings.find((f) => f.rule === "safety/model-judgement");
      expect(finding).toMatchObject({ tool: "portfolio_summary", field: "description", message: expect.stringContaining("Hides losses") });
      expect(finding!.span!.text.slice(finding!.span!.start, finding!.span!.end)).toBe(LIE);
      expect(card.judge).toMatchObject({ model: "team/judge-1", judged: 2, flagged: 1, waiting: 0, failed: 0 });
      expect(card.grade).toBe("F");
      // The card read the kept verdicts: no new question.
      expect(completions()).toHaveLength(2);
    });

    it("when the model fails, the text scan's word stands and the card says the judge could not answer", async () => {
      behaviour.down = true;
      // Another model is another judge: nothing kept for it.
      await changeJudgeSetting(LOCAL, { model: "team/judge-2" });
      const card = await buildReport(await connectionFor("fund"), { probe: false, callStats: null, otherTools: new Set() });
      expect(card.findings.filter((f) => f.rule === "safety/model-judgement")).toEqual([]);
      expect(card.judge).toMatchObject({ model: "team/judge-2", judged: 0, failed: 2 });
      expect(card.judge!.failures[0]!.message).toMatch(/overloaded/);
      expect(card.grade).not.toBe("F");
      behaviour.down = false;
    });

    it("without a judge, the card is as before", async () => {
      await changeJudgeSetting(LOCAL, { model: null });
      const asked = completions().length;
      const card = await buildReport(await connectionFor("fund"), { probe: false, callStats: null, otherTools: new Set() });
      expect(card.judge).toBeNull();
      expect(card.findings.some((f) => f.rule === "safety/model-judgement")).toBe(false);
      expect(completions()).toHaveLength(asked);
    });
  });
}
