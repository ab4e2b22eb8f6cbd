// The shape of one demo tool: its wire definition plus the handler that runs it.
import type { CallToolResult, InputRequiredResult, ServerContext, Tool } from "@modelcontextprotocol/server";

export type DemoToolContext = {
  /** The SDK's per-request context: progress token, abort signal, input responses. */
  readonly ctx: ServerContext;
  /** Sends a progress notification for this call, if the client asked for progress. */
  readonly progress: (progress: number, total?: number, message?: string) => Promise<void>;
  /** The catalog this call runs against, for tools that change the tool list. */
  readonly catalog: { readonly toggleBonusTool: () => boolean };
};

export type DemoToolResult = CallToolResult | InputRequiredResult;

export type DemoTool = {
  readonly definition: Tool;
  readonly run: (args: Record<string, unknown>, context: DemoToolContext) => Promise<DemoToolResult> | DemoToolResult;
};

export function text(value: string): CallToolResult {
  return { content: [{ type: "text", text: value }] };
}
