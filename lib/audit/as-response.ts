// An audit record read back as the response the workbench shows (saved runs, the read-only
// record page): the stored result, its outcome and error, and the output check's verdict.
// The verdict's details are not stored, so an "invalid" one carries no list. Client-safe.
import { isAuditOutcome } from "@/lib/domain/outcomes";
import type { CallOutcome } from "@/lib/domain/outcomes";
import type { CallToolResult, InvocationResponse, OutputValidation } from "@/lib/domain/mcp-types";
import type { AuditEntry } from "./entry";
import type { FeatureResponse } from "@/lib/domain/server-features";

function verdictOf(stored: string | null): OutputValidation {
  if (stored === "valid") return { verdict: "valid" };
  if (stored === "invalid") return { verdict: "invalid", errors: [] };
  if (stored === "schema_error") return { verdict: "schema_error", message: "The output schema did not compile." };
  return { verdict: "none" };
}

function isResult(value: unknown): value is CallToolResult {
  return typeof value === "object" && value !== null && Array.isArray((value as { content?: unknown }).content);
}

/** Null for a record that is not a finished call, or whose payload the reader may not see. */
export function responseOfRecord(entry: AuditEntry): InvocationResponse | null {
  if (entry.kind !== "call" || entry.payload_hidden || !isAuditOutcome(entry.outcome)) return null;
  if (entry.outcome === "pending") return null;
  const status = entry.outcome as CallOutcome | "interrupted";
  const result = entry.result_truncated
    ? ({
        content: [
          {
            type: "text",
            text: `The result (${entry.result_size ?? 0} bytes) was larger than the audit log keeps. SHA-256: ${entry.result_sha256}`,
          },
        ],
      } satisfies CallToolResult)
    : isResult(entry.result)
      ? entry.result
      : undefined;
  return {
    status,
    ...(result ? { result } : {}),
    ...(!result && entry.result !== null && entry.result !== undefined ? { raw: entry.result } : {}),
    ...(entry.error_message
      ? { error: { ...(entry.error_code === null ? {} : { code: entry.error_code }), message: entry.error_message } }
      : {}),
    outputValidation: verdictOf(entry.output_verdict),
    durationMs: entry.duration_ms ?? 0,
    auditId: entry.id,
    protocolVersion: entry.protocol_version,
  };
}

/** A resource read's or a prompt get's record as its answer; null for any other record, or a payload the reader may not see. */
export function answerOfRecord(entry: AuditEntry): FeatureResponse<unknown> | null {
  if ((entry.kind !== "resource_read" && entry.kind !== "prompt_get") || entry.payload_hidden || !isAuditOutcome(entry.outcome))
    return null;
  if (entry.outcome === "pending") return null;
  return {
    status: entry.outcome as CallOutcome | "interrupted",
    ...(entry.result !== null && entry.result !== undefined && !entry.result_truncated ? { result: entry.result } : {}),
    ...(entry.error_message
      ? { error: { ...(entry.error_code === null ? {} : { code: entry.error_code }), message: entry.error_message } }
      : entry.result_truncated
        ? {
            error: {
              message: `The answer (${entry.result_size ?? 0} bytes) was larger than the audit log keeps. SHA-256: ${entry.result_sha256}`,
            },
          }
        : {}),
    durationMs: entry.duration_ms ?? 0,
    auditId: entry.id,
    protocolVersion: entry.protocol_version,
  };
}
