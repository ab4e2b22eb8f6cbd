import "server-only";
// Runs one tool call on behalf of a user or script: records it in the audit log before
// forwarding it, forwards it, validates its structured output, and completes the record.
import { auditStore } from "@/lib/audit";
import { redactArguments } from "@/lib/audit/redact";
import { classifyCallError } from "./classify-error";
import type { CallOptions } from "./connection";
import { validateOutput } from "./output-validation";
import { connectionFor } from "./pool";
import type { InvocationResponse } from "./types";

export type InvokeToolInput = {
  serverId: string;
  toolName: string;
  arguments: Record<string, unknown>;
  actor: string;
} & CallOptions;

export async function invokeTool(input: InvokeToolInput): Promise<InvocationResponse> {
  const connection = await connectionFor(input.serverId);
  await connection.ready();
  const tool = connection.findTool(input.toolName);
  const store = await auditStore();
  const protocolVersion = connection.protocolVersion();
  const { id: auditId, startedAt } = await store.startInvocation({
    actor: input.actor,
    serverId: input.serverId,
    serverTarget: connection.target,
    protocolVersion,
    toolName: input.toolName,
    arguments: redactArguments(input.arguments, tool?.inputSchema),
  });
  try {
    const result = await connection.callTool(input.toolName, input.arguments, { signal: input.signal, onprogress: input.onprogress });
    const outputValidation = result.isError ? { verdict: "none" as const } : validateOutput(tool, result.structuredContent);
    const status = result.isError ? "tool_error" : "ok";
    await store.finishInvocation({ id: auditId, startedAt, outcome: status, result, outputVerdict: outputValidation.verdict });
    return { status, result, outputValidation, durationMs: Date.now() - startedAt, auditId, protocolVersion };
  } catch (error) {
    const { status, ...details } = classifyCallError(error, input.signal);
    if (status === "transport_error") details.message = connection.explainTransportFailure(details.message);
    await store.finishInvocation({
      id: auditId,
      startedAt,
      outcome: status,
      errorCode: details.code ?? null,
      errorMessage: details.message,
    });
    return { status, error: details, outputValidation: { verdict: "none" }, durationMs: Date.now() - startedAt, auditId, protocolVersion };
  }
}
