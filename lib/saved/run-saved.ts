import "server-only";
// Running saved calls (issue 17): one call, or a collection in order. Each run goes through the
// one call pipeline (runCall: policies, limits, the audit record), is checked against the
// call's expectations, and is kept as a run pointing at its audit record.
import type { z } from "zod";
import { auditReaderFor } from "@/lib/mcp/server-access";
import { newAuditId } from "@/lib/audit/records";
import type { AuditReader } from "@/lib/audit/visibility";
import type { Caller } from "@/lib/domain/roles";
import { runCall } from "@/lib/calls/run-call";
import { AppError, nullIfNotFound } from "@/lib/errors";
import { jsonDiff } from "@/lib/domain/json-diff";
import { getPrompt, readResource } from "@/lib/calls/run-feature";
import { comparableResult, runChecks, type RunAnswer } from "@/lib/domain/saved-checks";
import { getSavedCall, visibleCollection, visibleSavedCall, runView } from "./saved-calls";
import { collectionCallIds, insertRun, parseStored, previousRun, type RunRow, type SavedCallRow } from "./saved-store";
import { fillSecrets } from "@/lib/domain/saved-secret-fields";
import type { Check, CollectionReport, RunCollectionSchema, RunSavedCallSchema, SavedCallView, SavedKind } from "@/lib/domain/saved-shapes";

type RunOptions = { secrets: Record<string, unknown>; reason?: string | undefined; collectionId: string | null; signal?: AbortSignal };

/** Sends a saved call as what it is: a tool call, a resource read or a prompt get, each through its pipeline. */
function send(row: SavedCallRow, args: Record<string, unknown>, caller: Caller, options: RunOptions): Promise<RunAnswer> {
  const common = { serverId: row.server_id, caller, via: { kind: "saved", savedCallId: row.id } as const, signal: options.signal };
  const kind = row.kind as SavedKind;
  if (kind === "resource_read") return readResource({ ...common, uri: String(args.uri ?? row.tool_name) });
  if (kind === "prompt_get")
    return getPrompt({
      ...common,
      name: row.tool_name,
      arguments: Object.fromEntries(Object.entries(args).map(([k, v]) => [k, String(v)])),
    });
  return runCall({ ...common, toolName: row.tool_name, arguments: args, reason: options.reason });
}

/** Runs one saved call and keeps the run; a call Toolscope could not send is a failed run, not an error. */
async function runOne(row: SavedCallRow, caller: Caller, options: RunOptions): Promise<{ run: RunRow; response: RunAnswer | null }> {
  const startedAt = new Date().toISOString();
  const base = {
    // Time-ordered, like audit ids: two runs started in the same millisecond list newest first.
    id: newAuditId(),
    saved_call_id: row.id,
    collection_id: options.collectionId,
    actor_id: caller.userId,
    actor_name: caller.name,
    started_at: startedAt,
  };
  const notRun = async (error: string): Promise<{ run: RunRow; response: null }> => {
    const run: RunRow = { ...base, audit_id: null, outcome: "not_run", duration_ms: null, passed: 0, checks: "[]", error };
    await insertRun(run);
    return { run, response: null };
  };
  const filled = fillSecrets(parseStored(row.arguments, {}), parseStored<string[]>(row.secret_fields, []), options.secrets);
  if (!filled.ok)
    return notRun(
      filled.missing.length === 1
        ? `Not sent: it needs a value for ${filled.missing[0]}, which is never saved; give it when you run the call.`
        : `Not sent: it needs values for ${filled.missing.join(", ")}, which are never saved; give them when you run the call.`,
    );
  let response: RunAnswer;
  try {
    response = await send(row, filled.arguments, caller, options);
  } catch (error) {
    if (error instanceof AppError) return notRun(`Not sent: ${error.message}`);
    throw error;
  }
  const checks = runChecks(parseStored<Check[]>(row.checks, []), response);
  const run: RunRow = {
    ...base,
    audit_id: response.auditId,
    outcome: response.status,
    duration_ms: response.durationMs,
    passed: checks.passed ? 1 : 0,
    checks: JSON.stringify(checks.results),
    // PostgreSQL's text refuses NUL; a server's message may hold one.
    error: response.error?.message.replaceAll("\u0000", "") ?? null,
  };
  await insertRun(run);
  return { run, response };
}

export async function runSavedCall(
  id: string,
  body: z.output<typeof RunSavedCallSchema>,
  caller: Caller,
  signal?: AbortSignal,
): Promise<{ savedCall: SavedCallView }> {
  const row = await visibleSavedCall(id, caller);
  await runOne(row, caller, { secrets: body.secrets, reason: body.reason, collectionId: null, ...(signal ? { signal } : {}) });
  return getSavedCall(id, caller);
}

/** How many paths of the result differ from the run before this one (that the reader may read), when there is one. */
async function changesSincePrevious(run: RunRow, response: RunAnswer | null, reader: AuditReader): Promise<number | null> {
  if (!response) return null;
  const previous = await previousRun(run, reader.payloads ? undefined : reader.userId);
  if (!previous?.audit_id) return null;
  const view = await runView(previous, reader);
  const before = view.response ?? view.answer;
  return before ? jsonDiff(comparableResult(before), comparableResult(response)).length : null;
}

export async function runCollection(
  id: string,
  body: z.output<typeof RunCollectionSchema>,
  caller: Caller,
  signal?: AbortSignal,
): Promise<CollectionReport> {
  const collection = await visibleCollection(id, caller);
  const reader = await auditReaderFor(caller);
  const started = Date.now();
  const calls: CollectionReport["calls"] = [];
  const ids = await collectionCallIds(id);
  if (body.only) {
    const unknown = body.only.filter((callId) => !ids.includes(callId));
    if (unknown.length) throw new AppError("not_found:saved_call", `The collection has no saved call ${unknown.join(", ")}.`);
  }
  for (const callId of ids) {
    if (body.only && !body.only.includes(callId)) continue;
    const row = await visibleSavedCall(callId, caller).catch(nullIfNotFound);
    // Someone's private call in a shared collection is theirs to run, not skipped silently: it is not counted.
    if (!row) continue;
    if (signal?.aborted) break;
    const { run, response } = await runOne(row, caller, {
      secrets: body.secrets[row.id] ?? {},
      reason: body.reason,
      collectionId: id,
      ...(signal ? { signal } : {}),
    });
    calls.push({
      savedCallId: row.id,
      name: row.name,
      serverId: row.server_id,
      kind: row.kind as SavedKind,
      toolName: row.tool_name,
      auditId: run.audit_id,
      outcome: run.outcome,
      durationMs: run.duration_ms,
      passed: run.passed === 1,
      checks: parseStored(run.checks, []),
      error: run.error,
      changedSincePrevious: await changesSincePrevious(run, response, reader),
    });
  }
  const passed = calls.filter((c) => c.passed).length;
  return {
    collection: { id: collection.id, name: collection.name },
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    totals: { calls: calls.length, passed, failed: calls.length - passed },
    ok: calls.length > 0 && passed === calls.length,
    calls,
  };
}
