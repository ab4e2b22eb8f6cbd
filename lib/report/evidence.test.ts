// A finding needs evidence: one slow call a person asked for is not a slow tool, and a name that
// sounds like a command is not a command runner without a property that carries what it runs.
import { describe, expect, it } from "vitest";
import type { Tool } from "@/lib/domain/mcp-types";
import { callFindings } from "./behaviour";
import { broadSchemaFindings } from "./poisoning";

const stats = (calls: number, p95Ms: number) => ({
  tool: "report",
  calls,
  failures: 0,
  toolErrors: 0,
  p50Ms: p95Ms,
  p95Ms,
  output: { valid: 0, invalid: 0, schemaError: 0 },
});

const tool = (name: string, properties: Record<string, unknown>, annotations?: Tool["annotations"]): Tool =>
  ({ name, inputSchema: { type: "object", properties }, ...(annotations ? { annotations } : {}) }) as Tool;

describe("findings need evidence", () => {
  it("calls a tool slow only once it was slow over several calls", () => {
    expect(callFindings([stats(1, 12_000)])).toEqual([]);
    expect(callFindings([stats(4, 12_000)])).toEqual([]);
    expect(callFindings([stats(5, 12_000)]).map((f) => f.rule)).toEqual(["behaviour/slow-tool"]);
    expect(callFindings([stats(50, 2_000)])).toEqual([]);
  });

  it("calls an open schema command-like only with a property that carries the command, or a destructive hint", () => {
    expect(broadSchemaFindings(tool("simulate-research-query", { topic: { type: "string" } }))).toEqual([]);
    expect(broadSchemaFindings(tool("run_report", { month: { type: "string" } }))).toEqual([]);
    const sql = broadSchemaFindings(tool("execute_sql", { sql: { type: "string" } }));
    expect(sql.map((f) => f.message)).toEqual([expect.stringContaining('its "sql" property')]);
    expect(broadSchemaFindings(tool("tidy", {}, { destructiveHint: true })).map((f) => f.rule)).toEqual(["safety/broad-schema"]);
    // A closed schema accepts nothing undeclared: nothing to find.
    expect(
      broadSchemaFindings({
        ...tool("execute_sql", { sql: { type: "string" } }),
        inputSchema: { type: "object", additionalProperties: false },
      } as Tool),
    ).toEqual([]);
  });
});
