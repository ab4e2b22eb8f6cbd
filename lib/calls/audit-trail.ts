import "server-only";
// The audit record of one call: opened (pending) before anything is sent to the server, and
// completed exactly once with the call's response. Only the pipeline (run-call.ts) and the
// task runner, which completes a task's record later, write records. What the server answered
// has the call's secrets taken out (call-secrets.ts) before it is written, indexed or returned:
// the caller is shown what the log keeps.
import { auditStore } from "@/lib/audit";
import { redactArguments, redactMeta } from "@/lib/domain/redact";
import type { EchoRedactor } from "@/lib/domain/redact-echoes";
import { viaColumn, type CallVia } from "@/lib/domain/audit-via";
import { appConfig } from "@/lib/config/env";
import type { ServerConnection } from "@/lib/mcp/connection";
import { actorOf } from "@/lib/domain/roles";
import type { InvocationKind } from "@/lib/domain/invocation-kinds";
import type { Caller, InvocationResponse, Tool } from "@/lib/domain/mcp-types";
import { countCall, timeAuditWrite } from "@/lib/metrics/metrics";
import { inSpan } from "@/lib/telemetry/tracing";
import { callSecrets } from "./call-secrets";

export type OpenRecord = {
  auditId: string;
  kind: InvocationKind;
  startedAt: number;
  tool: Tool | undefined;
  protocolVersion: string | null;
  serverId: string;
  /** Takes the call's secrets out of whatever the server sends back. */
  echoes: EchoRedactor;
};

export async function openRecord(
  connection: ServerConnection,
  call: {
    /** A tool call unless given; for a read or a get, `toolName` is the resource's URI or the prompt's name. */
    kind?: InvocationKind;
    toolName: string;
    arguments: Record<string, unknown>;
    caller: Caller;
    meta?: Record<string, unknown> | undefined;
    reason?: string | undefined;
    via?: CallVia | undefined;
  },
): Promise<OpenRecord> {
  const kind = call.kind ?? "call";
  const tool = kind === "call" ? connection.findTool(call.toolName) : undefined;
  const protocolVersion = connection.protocolVersion();
  const redactKeys = appConfig().audit.redactKeys;
  // Filled by the redaction of the arguments and _meta below: the values it took out.
  const given = new Set<string>();
  const requestMeta = call.meta && redactMeta(call.meta, redactKeys, given);
  const args = redactArguments(call.arguments, tool?.inputSchema, redactKeys, given);
  const echoes = await callSecrets(connection, given);
  const store = await auditStore();
  const { id: auditId, startedAt } = await inSpan("audit.open", {}, () =>
    timeAuditWrite("open", () =>
      store.startInvocation({
        ...actorOf(call.caller),
        kind,
        clientIp: call.caller.clientIp,
        reason: call.reason ?? null,
        via: viaColumn(call.via),
        requestMeta,
        serverId: connection.config.id,
        serverTarget: connection.target,
        protocolVersion,
        toolName: call.toolName,
        arguments: args,
      }),
    ),
  );
  return { auditId, kind, startedAt, tool, protocolVersion, serverId: connection.config.id, echoes };
}

/** The response without its timing and record: what the pipeline decided. */
export type Settlement = Omit<InvocationResponse, "durationMs" | "auditId" | "protocolVersion">;

/** The settlement with the call's secrets replaced wherever the server put them (result, raw answer, error, data). */
function withoutEchoes({ status, ...rest }: Settlement, echoes: EchoRedactor): Settlement {
  return echoes.active ? { status, ...echoes.value(rest) } : { status, ...rest };
}

/** Completes the record with the call's settlement (its secrets taken out) and answers with the full response. */
export async function completeRecord(record: OpenRecord, answered: Settlement): Promise<InvocationResponse> {
  const settlement = withoutEchoes(answered, record.echoes);
  const problems = settlement.problems ?? [];
  const store = await auditStore();
  await inSpan("audit.complete", { attributes: { "toolscope.audit.id": record.auditId } }, () =>
    timeAuditWrite("complete", () =>
      store.finishInvocation({
        id: record.auditId,
        startedAt: record.startedAt,
        outcome: settlement.status,
        result: settlement.raw ?? settlement.result,
        outputVerdict: settlement.result ? settlement.outputValidation.verdict : undefined,
        errorCode: settlement.error?.code ?? null,
        errorMessage:
          settlement.error?.message ??
          (problems.length ? problems.map((p) => (p.path ? `${p.path}: ${p.reason}` : p.reason)).join("; ") : null),
      }),
    ),
  );
  // A name the server does not list is the caller's to choose: one label for all of them, so that
  // nobody can grow the metrics without bound.
  countCall(
    record.serverId,
    record.kind === "call" ? (record.tool?.name ?? "(not listed)") : `(${record.kind})`,
    settlement.status,
    (Date.now() - record.startedAt) / 1000,
  );
  return { ...settlement, durationMs: Date.now() - record.startedAt, auditId: record.auditId, protocolVersion: record.protocolVersion };
}
