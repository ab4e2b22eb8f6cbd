import "server-only";
// An agent's tools/call through /mcp: resolved to one server and tool, sent through the same
// pipeline as every call (runCall: policy, definition pins, limits, the audit record with
// `via = agent:<client>`), and the outcome handed back in MCP's own terms, its three failure
// kinds kept apart:
//   - the tool ran (a result, `isError` or not): the target's result, as it sent it;
//   - the server refused or broke the protocol: a JSON-RPC error, the target's code and message;
//   - the call never completed, or Toolscope did not send it (policy, limits, a held definition,
//     a server that is down): a tool error saying so, for the model to read, with the outcome in
//     `_meta`, so a program can tell it from the tool's own.
import { ProtocolError, ProtocolErrorCode, type CallToolResult } from "@modelcontextprotocol/server";
import { AppError } from "@/lib/errors";
import { CALL_OUTCOMES } from "@/lib/domain/outcomes";
import { can, type Caller } from "@/lib/domain/roles";
import type { InvocationResponse } from "@/lib/domain/mcp-types";
import type { CallOptions } from "@/lib/mcp/connection";
import { runCall } from "@/lib/calls/run-call";
import { resolveAgentTool } from "./agent-tools";

/** Where Toolscope's own word on a call goes in a result's `_meta`. */
export const OUTCOME_META = "io.toolscope/outcome";
export const AUDIT_META = "io.toolscope/auditId";

export type AgentCall = {
  caller: Caller;
  /** The client's name and version, as it gave them; "unknown client" when it gave none. */
  client: string;
  name: string;
  arguments: Record<string, unknown>;
  meta?: Record<string, unknown> | undefined;
  signal: AbortSignal;
  onprogress?: CallOptions["onprogress"] | undefined;
};

function refused(message: string, outcome: string, auditId?: string): CallToolResult {
  return {
    content: [{ type: "text", text: message }],
    isError: true,
    _meta: { [OUTCOME_META]: outcome, ...(auditId ? { [AUDIT_META]: auditId } : {}) },
  };
}

export async function callAgentTool(call: AgentCall): Promise<CallToolResult> {
  if (!can(call.caller, "tools:call"))
    return refused(
      `${call.caller.name} may not call tools through Toolscope (a viewer, or a token without the "call" scope).`,
      "forbidden",
    );
  const target = await resolveAgentTool(call.caller, call.name);
  // An unknown tool is the agent's mistake about the protocol, not a tool's failure (the spec's own example).
  if (!target) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${call.name}`);
  let response: InvocationResponse;
  try {
    response = await runCall({
      serverId: target.connection.config.id,
      toolName: target.toolName,
      arguments: call.arguments,
      meta: forwardedMeta(call.meta),
      caller: call.caller,
      via: { kind: "agent", client: call.client },
      signal: call.signal,
      onprogress: call.onprogress,
    });
  } catch (error) {
    if (error instanceof AppError) return refused(`Toolscope did not send the call: ${error.message}`, error.code);
    throw error;
  }
  return answerOf(response, target.connection.config.name);
}

/** The agent's `_meta` minus what is the gateway's own business (its progress token: Toolscope sends its own). */
function forwardedMeta(meta: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!meta) return undefined;
  const { progressToken: _progressToken, ...rest } = meta;
  return Object.keys(rest).length ? rest : undefined;
}

function answerOf(response: InvocationResponse, serverName: string): CallToolResult {
  const { status, auditId } = response;
  if ((status === "ok" || status === "tool_error") && response.result) {
    const result = response.result as CallToolResult;
    return { ...result, _meta: { ...result._meta, [AUDIT_META]: auditId } };
  }
  if (status === "protocol_error")
    throw new ProtocolError(response.error?.code ?? ProtocolErrorCode.InternalError, response.error?.message ?? "", response.error?.data);
  if (status === "malformed_result") {
    const problems = (response.problems ?? []).map((p) => `${p.path}: ${p.reason}`).join("; ");
    throw new ProtocolError(ProtocolErrorCode.InternalError, `${serverName} answered with a result that breaks the protocol: ${problems}`, {
      auditId,
    });
  }
  const label = status === "interrupted" ? "Interrupted" : CALL_OUTCOMES[status].label;
  const why = response.error?.message ? `: ${response.error.message}` : "";
  return refused(`${label} (${serverName})${why}`, status, auditId);
}
