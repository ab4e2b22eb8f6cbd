import "server-only";
// What an MCP content block says to a model that reads text: a tool's answer in the playground
// (lib/playground/chat.ts), a server's sampling request (lib/mcp/sampling-prompt.ts). Text is
// itself; what a model is not handed is named, so that it knows something was there.
import type { CallToolResult, SamplingMessageContentBlock } from "@modelcontextprotocol/client";

export type ContentBlock = CallToolResult["content"][number] | SamplingMessageContentBlock;

export function blockText(block: ContentBlock): string {
  switch (block.type) {
    case "text":
      return block.text;
    case "image":
    case "audio":
      return `[${block.type} ${block.mimeType}]`;
    case "resource_link":
      return `[resource ${block.uri}]`;
    case "resource":
      return "text" in block.resource ? block.resource.text : `[resource ${block.resource.uri}]`;
    case "tool_use":
      return `[tool call ${block.name}: ${JSON.stringify(block.input)}]`;
    case "tool_result":
      return `[tool result: ${JSON.stringify(block.content)}]`;
    default:
      return JSON.stringify(block);
  }
}
