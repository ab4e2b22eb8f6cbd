// The transport names mcp.json files use, as Toolscope's transports. Apart from mcp-json.ts
// because the paste box reads them in the browser, where mcp-json.ts's schemas (zod) would
// load 390 KB for one table.
import type { ServerConfig } from "@/lib/domain/server-config";

/** The `type` (or `transport`) names clients write, as Toolscope's transports. */
export const TYPE_TO_TRANSPORT: Record<string, ServerConfig["transport"]> = {
  stdio: "stdio",
  sse: "sse",
  http: "streamable-http",
  "streamable-http": "streamable-http",
  streamableHttp: "streamable-http",
  streamable_http: "streamable-http",
  auto: "auto",
};
