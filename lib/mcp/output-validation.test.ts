import { describe, expect, it } from "vitest";
import { resultTools } from "@/lib/demo-server/tools/results";
import type { DemoToolContext } from "@/lib/demo-server/types";
import { validateOutput } from "./output-validation";
import type { Tool } from "../domain/mcp-types";

function demoTool(name: string): { tool: Tool; structuredContent: unknown } {
  const found = resultTools.find((t) => t.definition.name === name);
  if (!found) throw new Error(`the demo server has no tool ${name}`);
  // The tools read here take no arguments and use nothing of the context.
  const result = found.run({}, {} as DemoToolContext) as { structuredContent?: unknown };
  return { tool: found.definition as Tool, structuredContent: result.structuredContent };
}

describe("validateOutput", () => {
  it("says in words, at the JSON pointer each is about, why a result fails the outputSchema", () => {
    const { tool, structuredContent } = demoTool("broken_structured");
    expect(validateOutput(tool, structuredContent)).toEqual({
      verdict: "invalid",
      errors: [
        { path: "/", message: 'has a field "extra" that is not allowed here' },
        { path: "/count", message: "must be a whole number" },
        { path: "/status", message: 'must be one of "ok", "degraded"' },
      ],
    });
  });

  it("names a missing required property by its own pointer", () => {
    const { tool } = demoTool("broken_structured");
    expect(validateOutput(tool, { status: "ok" })).toEqual({ verdict: "invalid", errors: [{ path: "/count", message: "is required" }] });
    expect(validateOutput(tool, { count: 3, status: "ok" })).toEqual({ verdict: "valid" });
  });
});
