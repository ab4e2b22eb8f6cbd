import "server-only";
// The audit record of one tool invocation, shared by plain calls and task-augmented ones:
// opened (pending) before anything is sent to the server, settled once with the outcome.
import { auditStore } from "@/lib/audit";
import { redactArguments, redactMeta } from "@/lib/audit/redact";
import { appConfig } from "@/lib/config/env";
import type { CallToolResult } from "@modelcontextprotocol/client";
import type { ClassifiedError } from "./classify-error";
import type { ServerConnection } from "./connection";
import { validateOutput } from "./output-validation";
import type { Caller, InvocationResponse, Tool } from "./types";

export type OpenRecord = { auditId: string; startedAt: number; tool: Tool | undefined; protocolVersion: string | null };

export async function openRecord(
  connection: ServerConnection,
  toolName: string,
  args: Record<string, unknown>,
  caller: Caller,
  requestMeta?: Record<string, unknown>,
): Promise<OpenRecord> {
  const tool = connection.findTool(toolName);
  const protocolVersion = connection.protocolVersion();
  const { id: auditId, startedAt } = await (
    await auditStore()
  ).startInvocation({
    actor: caller.actor,
    clientIp: caller.clientIp,
    requestMeta: requestMeta && redactMeta(requestMeta, appConfig().audit.redactKeys),
    serverId: connection.config.id,
    serverTarget: connection.target,
    protocolVersion,
    toolName,
    arguments: redactArguments(args, tool?.inputSchema, appConfig().audit.redactKeys),
  });
  return { auditId, startedAt, tool, protocolVersion };
}

/** Completes the record with a result; the output is validated against the tool's outputSchema. */
export async function settleWithResult(record: OpenRecord, result: CallToolResult): Promise<InvocationResponse> {
  const outputValidation = result.isError ? { verdict: "none" as const } : validateOutput(record.tool, result.structuredContent);
  const status = result.isError ? "tool_error" : "ok";
  await (
    await auditStore()
  ).finishInvocation({ id: record.auditId, startedAt: record.startedAt, outcome: status, result, outputVerdict: outputValidation.verdict });
  return {
    status,
    result,
    outputValidation,
    durationMs: Date.now() - record.startedAt,
    auditId: record.auditId,
    protocolVersion: record.protocolVersion,
  };
}

export async function settleWithError(record: OpenRecord, { status, ...details }: ClassifiedError): Promise<InvocationResponse> {
  await (
    await auditStore()
  ).finishInvocation({
    id: record.auditId,
    startedAt: record.startedAt,
    outcome: status,
    errorCode: details.code ?? null,
    errorMessage: details.message,
  });
  return {
    status,
    error: details,
    outputValidation: { verdict: "none" },
    durationMs: Date.now() - record.startedAt,
    auditId: record.auditId,
    protocolVersion: record.protocolVersion,
  };
}
