// The report's client-compatibility group against real servers in memory: the fixture built to
// break each client's limits once (test/client-limits-server.ts), padded past the tool count caps,
// and the demo server, which should meet them all but the informational ones it really misses.
import { afterEach, describe, expect, it } from "vitest";
import { createClientLimitsServer, CURSOR_LONG_NAME } from "@/test/client-limits-server";
import { inMemoryDemo, inMemoryServer, type InMemoryServer } from "@/test/in-memory-server";
import type { ReportCard } from "@/lib/domain/report-card";
import type { Tool } from "@/lib/domain/mcp-types";
import { ServerConfigSchema } from "@/lib/domain/server-config";
import { ServerConnection } from "@/lib/mcp/connection";
import { toolClientFindings } from "./client-rules";
import { buildReport } from "./report-card";
import { RULES } from "./rules";

let open: { connection: ServerConnection; server: InMemoryServer }[] = [];
afterEach(async () => {
  await Promise.all(open.map(async ({ connection, server }) => (await connection.close(), await server.close())));
  open = [];
});

/** The card of a server in memory, named "limits" as its key in an mcp.json would name it. */
async function cardOf(server: InMemoryServer): Promise<ReportCard> {
  const config = ServerConfigSchema.parse({ id: "limits", name: "Limits", transport: "stdio", command: "in-memory" });
  const connection = new ServerConnection(config, "database", 10_000, undefined, server.transports);
  open.push({ connection, server });
  await connection.ready();
  await connection.listed.lintSettled();
  return buildReport(connection, { probe: false, callStats: null, otherTools: new Set() });
}

function clientFindingsByRule(card: ReportCard): Record<string, (string | null)[]> {
  const byRule: Record<string, (string | null)[]> = {};
  for (const f of card.findings.filter((f) => f.group === "clients")) (byRule[f.rule] ??= []).push(f.tool);
  return byRule;
}

/** Which of the fixture's tools breaks which client's limit: every finding of the group, and no other. */
const EXPECTED: Record<string, (string | null)[]> = {
  "clients/openai-tool-name": ["weather.today"],
  "clients/anthropic-tool-name": ["weather.today"],
  "clients/gemini-tool-name": ["3day_forecast"],
  "clients/cursor-name-length": [CURSOR_LONG_NAME],
  "clients/claude-directory": ["untitled_forecast"],
  "clients/gemini-schema-refused": ["mixed_units"],
  "clients/gemini-schema-dropped": ["bounded_forecast"],
};
const COUNT_RULES = ["clients/openai-tool-count", "clients/vscode-tool-count", "clients/cursor-tool-count"];

describe("the client compatibility group", () => {
  it("has a test for every rule of the group", () => {
    const group = RULES.filter((r) => r.group === "clients").map((r) => r.id);
    expect(group.sort()).toEqual([...Object.keys(EXPECTED), ...COUNT_RULES].sort());
  });

  it("finds each client's limit on the fixture's tool that breaks it, naming the client and the fix", async () => {
    const card = await cardOf(inMemoryServer(() => createClientLimitsServer()));
    expect(clientFindingsByRule(card)).toEqual(EXPECTED);
    const message = (rule: string): string => card.findings.find((f) => f.rule === rule)!.message;
    expect(message("clients/openai-tool-name")).toMatch(/^OpenAI function calling refuses "weather\.today"/);
    expect(message("clients/anthropic-tool-name")).toMatch(/^Anthropic tool use refuses/);
    expect(message("clients/gemini-tool-name")).toMatch(/^Google Gemini refuses "3day_forecast"/);
    expect(message("clients/cursor-name-length")).toContain(`"limits" the two names are ${6 + CURSOR_LONG_NAME.length} characters`);
    expect(message("clients/claude-directory")).toBe("Claude's connector directory asks for a title, a readOnlyHint or destructiveHint.");
    expect(message("clients/gemini-schema-refused")).toContain("Enum values must share one supported primitive type");
    expect(message("clients/gemini-schema-dropped")).toBe(
      "Google Gemini is not told: minimum (inputSchema.properties.days); maximum (inputSchema.properties.days); pattern (inputSchema.properties.station).",
    );
    for (const f of card.findings.filter((f) => f.group === "clients")) expect(card.rules[f.rule]?.fix).toBeTruthy();
    // A dropped constraint is information; a name or schema a client refuses counts against the grade.
    expect(card.counts.error).toBeGreaterThanOrEqual(4);
  });

  it.each([
    [41, ["clients/cursor-tool-count"]],
    [129, COUNT_RULES],
  ])("counts a list of %i tools against each client's cap", async (total, rules) => {
    const padding = total - 7;
    const card = await cardOf(inMemoryServer(() => createClientLimitsServer({ padding })));
    expect(card.toolCount).toBe(total);
    const counted = card.findings.filter((f) => COUNT_RULES.includes(f.rule));
    expect(counted.map((f) => f.rule).sort()).toEqual([...rules].sort());
    for (const f of counted) expect(f).toMatchObject({ tool: null, message: expect.stringContaining(`this server lists ${total}`) });
  });

  it("reads names at the lengths where the clients part ways", () => {
    const tool = (name: string): Tool => ({ name, title: "T", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } });
    const rulesFor = (name: string, server = "s"): string[] => toolClientFindings(tool(name), server).map((f) => f.rule);
    expect(rulesFor("a".repeat(59))).toEqual([]);
    expect(rulesFor("a".repeat(60))).toEqual(["clients/cursor-name-length"]);
    expect(rulesFor("a".repeat(64), "")).toEqual(["clients/cursor-name-length"]);
    expect(rulesFor("a".repeat(65), "")).toEqual([
      "clients/openai-tool-name",
      "clients/gemini-tool-name",
      "clients/cursor-name-length",
      "clients/claude-directory",
    ]);
    expect(rulesFor("a".repeat(129), "")).toContain("clients/anthropic-tool-name");
    expect(rulesFor("_a:b.c-d", "")).toEqual(["clients/openai-tool-name", "clients/anthropic-tool-name"]);
  });

  it("finds on the demo server only the informational rules it really misses", async () => {
    const card = await cardOf(inMemoryDemo());
    // echo declares no annotations on purpose (lib/demo-server/tools/notes.ts); these seven bound
    // numbers, lengths or patterns, which Gemini's OpenAPI subset cannot carry.
    expect(clientFindingsByRule(card)).toEqual({
      "clients/claude-directory": ["echo"],
      "clients/gemini-schema-dropped": [
        "configure_alert",
        "create_note",
        "draw_chart",
        "play_tone",
        "schedule_meeting",
        "sign_in",
        "slow_task",
      ],
    });
    // Each keyword said to be left out is one the tool's schema has.
    const tools = open.at(-1)!.connection.catalog().tools;
    for (const f of card.findings.filter((f) => f.rule === "clients/gemini-schema-dropped")) {
      const schema = JSON.stringify(tools.find((t) => t.name === f.tool)!.inputSchema);
      const keywords = [...f.message.matchAll(/(?:: |; )(\w+) \(/g)].map((m) => m[1]);
      expect(keywords.length).toBeGreaterThan(0);
      for (const keyword of keywords) expect(schema).toContain(`"${keyword}":`);
    }
  });
});
