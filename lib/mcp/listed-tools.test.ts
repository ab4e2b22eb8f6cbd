// A new list is shown with its quick lint; its schemas are compiled after, and told once.
import { describe, expect, it } from "vitest";
import type { Tool } from "@modelcontextprotocol/client";
import type { ToolLint } from "./tool-lint";
import { ListedTools } from "./listed-tools";

const tool = (name: string, outputSchema?: Tool["outputSchema"]): Tool => ({
  name,
  inputSchema: { type: "object" },
  ...(outputSchema ? { outputSchema } : {}),
});
const BROKEN = { type: "object", properties: { n: { type: "not-a-type" } } } as unknown as Tool["outputSchema"];
const list = (tools: Tool[]) => ({ tools, invalid: [], warning: null });

describe("ListedTools", () => {
  it("answers the list at once and adds the schema findings once they are compiled", async () => {
    const told: { lint: ToolLint; at: string | null }[] = [];
    const listed = new ListedTools((lint, at) => told.push({ lint, at }));
    listed.replace(list([tool("fine"), tool("has space"), tool("broken_output", BROKEN)]));
    expect(listed.catalog().lint).toEqual({ "has space": [expect.stringMatching(/only letters/)] });
    await listed.lintSettled();
    expect(listed.catalog().lint["broken_output"]).toEqual([expect.stringMatching(/output schema does not compile/)]);
    expect(told).toHaveLength(1);
    expect(told[0]!.lint).toEqual(listed.catalog().lint);
    expect(told[0]!.at).toBe(listed.summary().toolsUpdatedAt);
  });

  it("drops a compile pass whose list was replaced meanwhile", async () => {
    const told: ToolLint[] = [];
    const listed = new ListedTools((lint) => told.push(lint));
    listed.replace(list([tool("old_broken", BROKEN)]));
    const first = listed.lintSettled();
    listed.replace(list([tool("new_fine")]));
    await Promise.all([first, listed.lintSettled()]);
    expect(told).toEqual([]);
    expect(listed.catalog().lint).toEqual({});
  });

  it("finds a tool by name, the first of a duplicated name", () => {
    const listed = new ListedTools();
    const first = { ...tool("twin"), description: "first" };
    listed.replace(list([first, { ...tool("twin"), description: "second" }, tool("other")]));
    expect(listed.find("twin")).toBe(first);
    expect(listed.find("missing")).toBeUndefined();
  });
});
