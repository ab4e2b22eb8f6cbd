import "server-only";
// Saved calls and collections as people see and change them (issue 17): views built from the
// stored rows under lib/saved/access.ts's rules, and the runs each viewer may read.
import type { z } from "zod";
import { answerOfRecord, responseOfRecord } from "@/lib/audit/as-response";
import { getAuditEntry } from "@/lib/audit/query";
import { auditReaderFor } from "@/lib/mcp/server-access";
import type { AuditReader } from "@/lib/audit/visibility";
import { hiddenServerIds } from "@/lib/mcp/server-access";
import type { Caller } from "@/lib/domain/roles";
import { AppError, nullIfNotFound } from "@/lib/errors";
import { assertMayChange, mayChange, maySee, visibilityFor } from "./access";
import { storedCall } from "./saved-kinds";
import {
  collectionCallIds,
  collectionMemberships,
  collectionRow,
  collectionRows,
  deleteCollectionRow,
  deleteSavedCallRow,
  insertCollection,
  insertSavedCall,
  latestRuns,
  newId,
  parseStored,
  savedCallRow,
  savedCallRows,
  updateCollectionRow,
  updateSavedCallRow,
  type CollectionRow,
  type RunRow,
  type SavedCallRow,
} from "./saved-store";
import type {
  Check,
  CheckResult,
  CollectionInputSchema,
  CollectionSummary,
  CollectionUpdateSchema,
  CollectionView,
  RunView,
  SavedCallInputSchema,
  SavedCallUpdateSchema,
  SavedCallView,
  SavedKind,
  Visibility,
} from "@/lib/domain/saved-shapes";

/** The runs a reader sees: everyone's to those who read every payload, else their own. */
export async function visibleRuns(savedCallId: string, reader: AuditReader, limit: number): Promise<RunRow[]> {
  return latestRuns(savedCallId, limit, reader.payloads ? undefined : reader.userId);
}

export async function runView(row: RunRow, reader: AuditReader): Promise<RunView> {
  let response = null;
  let answer = null;
  let responseHidden = false;
  if (row.audit_id) {
    const entry = await getAuditEntry(row.audit_id, reader).then(
      (r) => r.record,
      () => null,
    );
    response = entry ? responseOfRecord(entry) : null;
    answer = entry ? answerOfRecord(entry) : null;
    responseHidden = entry?.payload_hidden === true;
  }
  return {
    id: row.id,
    savedCallId: row.saved_call_id,
    collectionId: row.collection_id,
    auditId: row.audit_id,
    startedAt: row.started_at,
    actorName: row.actor_name,
    outcome: row.outcome,
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
    passed: Number(row.passed) === 1,
    checks: parseStored<CheckResult[]>(row.checks, []),
    error: row.error,
    response,
    answer,
    responseHidden,
  };
}

export async function savedCallView(row: SavedCallRow, caller: Caller, reader: AuditReader, runs = 2): Promise<SavedCallView> {
  return {
    id: row.id,
    name: row.name,
    note: row.note,
    serverId: row.server_id,
    kind: row.kind as SavedKind,
    toolName: row.tool_name,
    arguments: parseStored<Record<string, unknown>>(row.arguments, {}),
    secretFields: parseStored<string[]>(row.secret_fields, []),
    checks: parseStored<Check[]>(row.checks, []),
    visibility: row.visibility as Visibility,
    ownerName: row.owner_name,
    mine: mayChange(caller, row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    runs: runs ? await Promise.all((await visibleRuns(row.id, reader, runs)).map((r) => runView(r, reader))) : [],
  };
}

/** A saved call the caller may see, or not_found (whether it exists is not told). */
export async function visibleSavedCall(id: string, caller: Caller): Promise<SavedCallRow> {
  const row = await savedCallRow(id);
  if (!row || !maySee(caller, row) || (await hiddenServerIds(caller)).has(row.server_id))
    throw new AppError("not_found:saved_call", `There is no saved call with id "${id}" that you may see.`);
  return row;
}

export async function visibleCollection(id: string, caller: Caller): Promise<CollectionRow> {
  const row = await collectionRow(id);
  if (!row || !maySee(caller, row)) throw new AppError("not_found:collection", `There is no collection with id "${id}" that you may see.`);
  return row;
}

/** The collections a caller may use to file a call in: their own, and shared ones they may change. */
async function changeableCollections(ids: readonly string[], caller: Caller): Promise<void> {
  for (const id of ids) assertMayChange(caller, await visibleCollection(id, caller));
}

export async function getSavedCall(id: string, caller: Caller): Promise<{ savedCall: SavedCallView }> {
  const row = await visibleSavedCall(id, caller);
  return { savedCall: await savedCallView(row, caller, await auditReaderFor(caller)) };
}

/** The saved calls a caller may see: their own and shared ones, of servers they may use. */
async function visibleCallRows(caller: Caller): Promise<SavedCallRow[]> {
  const hidden = await hiddenServerIds(caller);
  return (await savedCallRows()).filter((row) => maySee(caller, row) && !hidden.has(row.server_id));
}

/** The collections a caller may see, each counting the calls in it the caller may see. */
async function collectionSummaries(caller: Caller, visibleCalls: readonly SavedCallRow[]): Promise<CollectionSummary[]> {
  const visibleIds = new Set(visibleCalls.map((c) => c.id));
  const memberships = await collectionMemberships();
  return (await collectionRows())
    .filter((row) => maySee(caller, row))
    .map((row) => summaryOf(row, caller, memberships.filter((m) => m.collection_id === row.id && visibleIds.has(m.saved_call_id)).length));
}

export async function listSaved(caller: Caller): Promise<{ savedCalls: SavedCallView[]; collections: CollectionSummary[] }> {
  const calls = await visibleCallRows(caller);
  const reader = await auditReaderFor(caller);
  return {
    savedCalls: await Promise.all(calls.map((row) => savedCallView(row, caller, reader, 1))),
    collections: await collectionSummaries(caller, calls),
  };
}

/** The collections alone (the save dialog's list): no runs are read. */
export async function listCollections(caller: Caller): Promise<{ collections: CollectionSummary[] }> {
  return { collections: await collectionSummaries(caller, await visibleCallRows(caller)) };
}

function summaryOf(row: CollectionRow, caller: Caller, callCount: number): CollectionSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    visibility: row.visibility as Visibility,
    ownerName: row.owner_name,
    mine: mayChange(caller, row),
    callCount,
    updatedAt: row.updated_at,
  };
}

/** A new saved call: its secret fields left out by the tool's schema, filed in the collections asked for. */
export async function createSavedCall(
  input: z.output<typeof SavedCallInputSchema>,
  caller: Caller,
): Promise<{ savedCall: SavedCallView; collectionIds: string[] }> {
  const stored = await storedCall(input.kind, input.serverId, input.toolName, input.arguments, caller);
  await changeableCollections(input.collectionIds, caller);
  const now = new Date().toISOString();
  const visibility = visibilityFor(caller, input.visibility);
  const row: SavedCallRow = {
    id: newId(),
    owner_id: caller.userId,
    owner_name: caller.name,
    visibility,
    server_id: input.serverId,
    kind: input.kind,
    tool_name: stored.toolName,
    name: input.name,
    note: input.note,
    arguments: JSON.stringify(stored.arguments),
    secret_fields: JSON.stringify(stored.secretFields),
    checks: JSON.stringify(input.checks),
    created_at: now,
    updated_at: now,
  };
  const collection = input.newCollection ? collectionRowFor({ name: input.newCollection, description: "", visibility }, caller) : undefined;
  await insertSavedCall(row, input.collectionIds, collection);
  return {
    ...(await getSavedCall(row.id, caller)),
    collectionIds: collection ? [...input.collectionIds, collection.id] : input.collectionIds,
  };
}

export async function updateSavedCall(
  id: string,
  input: z.output<typeof SavedCallUpdateSchema>,
  caller: Caller,
): Promise<{ savedCall: SavedCallView }> {
  const row = await visibleSavedCall(id, caller);
  assertMayChange(caller, row);
  let stored: { tool_name: string; arguments: string; secret_fields: string } | undefined;
  if (input.arguments) {
    const kept = await storedCall(row.kind as SavedKind, row.server_id, row.tool_name, input.arguments, caller);
    stored = { tool_name: kept.toolName, arguments: JSON.stringify(kept.arguments), secret_fields: JSON.stringify(kept.secretFields) };
  }
  await updateSavedCallRow(id, {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.note === undefined ? {} : { note: input.note }),
    ...(input.checks === undefined ? {} : { checks: JSON.stringify(input.checks) }),
    ...(input.visibility === undefined ? {} : { visibility: visibilityFor(caller, input.visibility) }),
    ...stored,
  });
  return getSavedCall(id, caller);
}

export async function deleteSavedCall(id: string, caller: Caller): Promise<{ deleted: string }> {
  const row = await visibleSavedCall(id, caller);
  assertMayChange(caller, row);
  await deleteSavedCallRow(id);
  return { deleted: id };
}

export function collectionRowFor(input: { name: string; description: string; visibility: Visibility }, caller: Caller): CollectionRow {
  const now = new Date().toISOString();
  return {
    id: newId(),
    owner_id: caller.userId,
    owner_name: caller.name,
    visibility: visibilityFor(caller, input.visibility),
    name: input.name,
    description: input.description,
    created_at: now,
    updated_at: now,
  };
}

/** Saved calls the caller may file in a collection: ones they may see. */
async function assertCallsVisible(ids: readonly string[], caller: Caller): Promise<void> {
  if (new Set(ids).size !== ids.length) throw new AppError("bad_request:body", "A collection lists each saved call once.");
  for (const id of ids) await visibleSavedCall(id, caller);
}

export async function createCollection(
  input: z.output<typeof CollectionInputSchema>,
  caller: Caller,
): Promise<{ collection: CollectionView }> {
  await assertCallsVisible(input.savedCallIds, caller);
  const row = collectionRowFor(input, caller);
  await insertCollection(row, input.savedCallIds);
  return getCollection(row.id, caller);
}

export async function getCollection(id: string, caller: Caller): Promise<{ collection: CollectionView }> {
  const row = await visibleCollection(id, caller);
  const hidden = await hiddenServerIds(caller);
  const reader = await auditReaderFor(caller);
  const calls: SavedCallView[] = [];
  let hiddenCalls = 0;
  for (const callId of await collectionCallIds(id)) {
    const call = await savedCallRow(callId);
    if (!call) continue;
    if (!maySee(caller, call) || hidden.has(call.server_id)) hiddenCalls++;
    else calls.push(await savedCallView(call, caller, reader));
  }
  return { collection: { ...summaryOf(row, caller, calls.length), calls, hiddenCalls } };
}

export async function updateCollection(
  id: string,
  input: z.output<typeof CollectionUpdateSchema>,
  caller: Caller,
): Promise<{ collection: CollectionView }> {
  const row = await visibleCollection(id, caller);
  assertMayChange(caller, row);
  let order: string[] | undefined;
  if (input.savedCallIds) {
    // Calls the caller cannot see keep their place at the end: nobody drops what they cannot see.
    const current = await collectionCallIds(id);
    const visible = new Set<string>();
    for (const callId of current) if (await visibleSavedCall(callId, caller).catch(nullIfNotFound)) visible.add(callId);
    await assertCallsVisible(input.savedCallIds, caller);
    order = [...input.savedCallIds, ...current.filter((c) => !visible.has(c) && !input.savedCallIds!.includes(c))];
  }
  await updateCollectionRow(
    id,
    {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.visibility === undefined ? {} : { visibility: visibilityFor(caller, input.visibility) }),
    },
    order,
  );
  return getCollection(id, caller);
}

export async function deleteCollection(id: string, caller: Caller): Promise<{ deleted: string }> {
  const row = await visibleCollection(id, caller);
  assertMayChange(caller, row);
  await deleteCollectionRow(id);
  return { deleted: id };
}
