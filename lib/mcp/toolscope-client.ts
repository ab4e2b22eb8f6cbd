import "server-only";
// The SDK client, plus a record of the tools it silently drops. On 2026-07-28 Streamable
// HTTP connections the SDK excludes tools whose x-mcp-header declarations break SEP-2243
// (as the spec requires) and only logs a warning; Toolscope shows them as invalid, with
// the reason, instead of letting them vanish.
import { Client, type Tool } from "@modelcontextprotocol/client";

type ListResult = { tools: Tool[] };
type Excluder = (this: Client, result: ListResult) => void;

const sdkExcluder = (Client.prototype as unknown as { _excludeInvalidXMcpHeaderTools?: Excluder })._excludeInvalidXMcpHeaderTools;

export class ToolscopeClient extends Client {
  /** Tools the SDK excluded from the last tools/list walk. */
  excludedTools: Tool[] = [];
}

if (sdkExcluder) {
  (ToolscopeClient.prototype as unknown as { _excludeInvalidXMcpHeaderTools: Excluder })._excludeInvalidXMcpHeaderTools = function (
    this: Client,
    result: ListResult,
  ) {
    const before = result.tools;
    sdkExcluder.call(this, result);
    if (result.tools.length !== before.length) {
      const kept = new Set(result.tools);
      (this as ToolscopeClient).excludedTools.push(...before.filter((tool) => !kept.has(tool)));
    }
  };
}
