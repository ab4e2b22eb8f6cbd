import "server-only";
// Runs one tool call on behalf of a user or script: records it in the audit log before
// forwarding it, forwards it, validates its structured output, and completes the record.
import { openRecord, settleWithError, settleWithResult } from "./audit-trail";
import { classifyCallError } from "./classify-error";
import type { CallOptions } from "./connection";
import { connectionFor } from "./pool";
import type { Caller, InvocationResponse } from "./types";

export type InvokeToolInput = {
  serverId: string;
  toolName: string;
  arguments: Record<string, unknown>;
  caller: Caller;
  /** The request's _meta, forwarded to the server and recorded. */
  meta?: Record<string, unknown>;
} & CallOptions;

export async function invokeTool(input: InvokeToolInput): Promise<InvocationResponse> {
  const connection = await connectionFor(input.serverId);
  await connection.ready();
  const record = await openRecord(connection, input.toolName, input.arguments, input.caller, input.meta);
  try {
    return await settleWithResult(
      record,
      await connection.callTool(input.toolName, input.arguments, { signal: input.signal, onprogress: input.onprogress, meta: input.meta }),
    );
  } catch (error) {
    const classified = classifyCallError(error, input.signal);
    if (classified.status === "transport_error") classified.message = connection.explainTransportFailure(classified.message);
    return settleWithError(record, classified);
  }
}
