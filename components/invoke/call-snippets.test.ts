import { describe, expect, it } from "vitest";
import { jsonRpcSnippet, serverCurl, toolscopeCurl, typescriptSnippet } from "./call-snippets";

describe("call snippets", () => {
  const args = { message: "it's here" };
  it("quotes arguments safely for the shell", () => {
    const curl = toolscopeCurl("http://127.0.0.1:3000", "demo", "echo", args);
    expect(curl).toContain("'http://127.0.0.1:3000/api/servers/demo/tools/echo/call'");
    expect(curl).toContain(`--data '{"arguments":{"message":"it'\\''s here"}}'`);
  });
  it("writes the JSON-RPC request and SDK code for each transport", () => {
    expect(JSON.parse(jsonRpcSnippet("echo", args))).toMatchObject({ method: "tools/call", params: { name: "echo", arguments: args } });
    const http = {
      transport: "streamable-http" as const,
      url: "http://127.0.0.1:3001/mcp",
      headerNames: [],
      oauth: null,
      roots: null,
      samplingModel: null,
    };
    expect(serverCurl(http, "2026-07-28", "echo", args)).toContain("mcp-protocol-version: 2026-07-28");
    expect(typescriptSnippet(http, "echo", args)).toContain('new StreamableHTTPClientTransport(new URL("http://127.0.0.1:3001/mcp"))');
    const stdio = {
      transport: "stdio" as const,
      command: "node",
      args: ["server.js"],
      envKeys: [],
      cwd: null,
      roots: null,
      samplingModel: null,
    };
    expect(serverCurl(stdio, null, "echo", args)).toBeNull();
    expect(typescriptSnippet(stdio, "echo", args)).toContain('new StdioClientTransport({ command: "node", args: ["server.js"] })');
  });
});
