import { describe, expect, it } from "vitest";
import { xMcpHeaderDeclarations } from "@/lib/mcp/x-mcp-header";
import { paramHeaderMismatch } from "./param-headers";

const schema = {
  type: "object",
  properties: {
    region: { type: "string", "x-mcp-header": "Region" },
    limit: { type: "integer", "x-mcp-header": "Limit" },
    filter: { type: "object", properties: { strict: { type: "boolean", "x-mcp-header": "Strict" } } },
    note: { type: "string" },
  },
};
const declarations = xMcpHeaderDeclarations(schema);
const headers = (values: Record<string, string>) =>
  new Headers(Object.entries(values).map(([k, v]): [string, string] => [`Mcp-Param-${k}`, v]));

describe("Mcp-Param-* headers against the body (SEP-2243)", () => {
  it("finds the declarations reached through properties, nested ones too", () => {
    expect(declarations).toEqual([
      { path: ["region"], header: "Region", type: "string" },
      { path: ["limit"], header: "Limit", type: "integer" },
      { path: ["filter", "strict"], header: "Strict", type: "boolean" },
    ]);
    // A schema that breaks the rules declares nothing a call could be checked against.
    expect(xMcpHeaderDeclarations({ type: "object", properties: { a: { type: "array", "x-mcp-header": "A" } } })).toEqual([]);
  });

  it("accepts agreeing headers: plain, Base64-wrapped UTF-8, numbers compared as numbers", () => {
    const args = { region: "Zürich", limit: 42, filter: { strict: true } };
    const sent = headers({ Region: `=?base64?${Buffer.from("Zürich").toString("base64")}?=`, Limit: "42.0", Strict: "true" });
    expect(paramHeaderMismatch(declarations, args, sent)).toBeUndefined();
    // No value in the body, no header asked for.
    expect(paramHeaderMismatch(declarations, { note: "x", region: null }, new Headers())).toBeUndefined();
  });

  it("refuses a missing header, a malformed Base64 one, and one that says something else", () => {
    expect(paramHeaderMismatch(declarations, { region: "eu" }, new Headers())?.message).toMatch(/Mcp-Param-Region header is absent/);
    expect(paramHeaderMismatch(declarations, { region: "eu" }, headers({ Region: "=?base64?SGVs!!!bG8=?=" }))?.message).toMatch(
      /invalid Base64/,
    );
    expect(paramHeaderMismatch(declarations, { region: "eu" }, headers({ Region: "=?base64?SGVsbG8?=" }))?.message).toMatch(
      /invalid Base64/,
    );
    expect(paramHeaderMismatch(declarations, { region: "eu" }, headers({ Region: "us" }))).toEqual({
      header: "Mcp-Param-Region",
      message: 'the Mcp-Param-Region header decodes to "us" but the body carries region="eu"',
    });
    expect(paramHeaderMismatch(declarations, { limit: 42 }, headers({ Limit: "41" }))?.header).toBe("Mcp-Param-Limit");
  });
});
