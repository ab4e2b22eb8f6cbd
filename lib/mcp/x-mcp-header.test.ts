import { describe, expect, it } from "vitest";
import { xMcpHeaderViolation } from "./x-mcp-header";

const schema = (properties: Record<string, unknown>): unknown => ({ type: "object", properties });

describe("xMcpHeaderViolation", () => {
  it("accepts valid declarations and schemas without any", () => {
    expect(
      xMcpHeaderViolation(
        schema({ region: { type: "string", "x-mcp-header": "Region" }, n: { type: "integer", "x-mcp-header": "Count" } }),
      ),
    ).toBeUndefined();
    expect(
      xMcpHeaderViolation(schema({ nested: { type: "object", properties: { id: { type: "string", "x-mcp-header": "Id" } } } })),
    ).toBeUndefined();
    expect(xMcpHeaderViolation({ type: "object" })).toBeUndefined();
  });

  it("names each kind of violation", () => {
    expect(xMcpHeaderViolation(schema({ a: { type: "string", "x-mcp-header": "Bad Header" } }))).toMatch(/not a valid HTTP header token/);
    expect(xMcpHeaderViolation(schema({ a: { type: "object", "x-mcp-header": "Obj" } }))).toMatch(
      /only allowed on string, integer or boolean/,
    );
    expect(xMcpHeaderViolation(schema({ a: { type: "string", "x-mcp-header": "" } }))).toMatch(/non-empty string/);
    expect(
      xMcpHeaderViolation(schema({ a: { type: "string", "x-mcp-header": "Dup" }, b: { type: "string", "x-mcp-header": "dup" } })),
    ).toMatch(/declared twice/);
    expect(xMcpHeaderViolation(schema({ list: { type: "array", items: { type: "string", "x-mcp-header": "Item" } } }))).toMatch(
      /reached through 'properties' alone/,
    );
    expect(xMcpHeaderViolation({ type: "object", "x-mcp-header": "Root" })).toMatch(/reached through 'properties' alone/);
  });
});
