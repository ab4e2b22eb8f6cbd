import { describe, expect, it } from "vitest";
import { lintTools } from "./tool-lint";
import type { Tool } from "../domain/mcp-types";

const tool = (name: string, extra: Partial<Tool> = {}): Tool => ({ name, inputSchema: { type: "object" }, ...extra });

describe("lintTools", () => {
  it("passes tools that follow the spec", () => {
    expect(lintTools([tool("getUser"), tool("DATA_EXPORT_v2"), tool("admin.tools.list")])).toEqual({});
  });

  it("flags names, duplicates and schemas", () => {
    const lint = lintTools([
      tool("has space"),
      tool("twin"),
      tool("twin"),
      tool("x".repeat(129)),
      tool("bad_output", { outputSchema: { type: "object", properties: { a: { type: "nonsense" } } } as Tool["outputSchema"] }),
    ]);
    expect(lint["has space"]).toEqual(["The name should use only letters, digits, '_', '-' and '.'."]);
    expect(lint.twin).toEqual(["2 tools share this name; names should be unique within a server."]);
    expect(lint["x".repeat(129)]![0]).toMatch(/129 characters/);
    expect(lint.bad_output![0]).toMatch(/output schema does not compile/);
  });
});
