// Tests of the connection layer read a tools/call answer as the pipeline does.
import { parseToolResult } from "@/lib/calls/parse-result";
import type { CallOptions, ServerConnection } from "@/lib/mcp/connection";
import type { CallToolResult } from "@/lib/domain/mcp-types";

export async function toolResult(
  connection: ServerConnection,
  name: string,
  args: Record<string, unknown>,
  options?: CallOptions,
): Promise<CallToolResult> {
  return parseToolResult(await connection.callTool(name, args, options)).result;
}
