// The call as something to paste elsewhere: the JSON-RPC request, curl against Toolscope's
// API (works for every server), curl against the server itself (HTTP servers), and the
// TypeScript SDK code that makes the same call.
import type { PublicServerConfig } from "@/lib/domain/server-config";

const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

export function jsonRpcSnippet(tool: string, args: Record<string, unknown>): string {
  return JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: tool, arguments: args } }, null, 2);
}

export function toolscopeCurl(origin: string, serverId: string, tool: string, args: Record<string, unknown>): string {
  const url = `${origin}/api/servers/${encodeURIComponent(serverId)}/tools/${encodeURIComponent(tool)}/call`;
  return `curl -sS -X POST ${shellQuote(url)} \\\n  -H 'content-type: application/json' \\\n  --data ${shellQuote(JSON.stringify({ arguments: args }))}`;
}

export function serverCurl(
  config: PublicServerConfig,
  protocolVersion: string | null,
  tool: string,
  args: Record<string, unknown>,
): string | null {
  if (config.transport === "stdio") return null;
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: tool, arguments: args } });
  return [
    "# Straight to the MCP server (Streamable HTTP). 2025-era servers want an initialize",
    "# exchange first and its Mcp-Session-Id header; headers configured in Toolscope are not shown.",
    `curl -sS -X POST ${shellQuote(config.url)} \\`,
    "  -H 'content-type: application/json' \\",
    "  -H 'accept: application/json, text/event-stream' \\",
    ...(protocolVersion ? [`  -H 'mcp-protocol-version: ${protocolVersion}' \\`] : []),
    `  --data ${shellQuote(body)}`,
  ].join("\n");
}

export function typescriptSnippet(config: PublicServerConfig, tool: string, args: Record<string, unknown>): string {
  const transport =
    config.transport === "stdio"
      ? `new StdioClientTransport({ command: ${JSON.stringify(config.command)}, args: ${JSON.stringify(config.args)} })`
      : config.transport === "sse"
        ? `new SSEClientTransport(new URL(${JSON.stringify(config.url)}))`
        : `new StreamableHTTPClientTransport(new URL(${JSON.stringify(config.url)}))`;
  const imports =
    config.transport === "stdio"
      ? `import { Client } from "@modelcontextprotocol/client";\nimport { StdioClientTransport } from "@modelcontextprotocol/client/stdio";`
      : `import { Client, ${config.transport === "sse" ? "SSEClientTransport" : "StreamableHTTPClientTransport"} } from "@modelcontextprotocol/client";`;
  return [
    imports,
    "",
    `const client = new Client({ name: "my-client", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });`,
    `await client.connect(${transport});`,
    `const result = await client.callTool({ name: ${JSON.stringify(tool)}, arguments: ${JSON.stringify(args, null, 2).replace(/\n/g, "\n  ")} });`,
    "console.log(result);",
    "await client.close();",
  ].join("\n");
}
