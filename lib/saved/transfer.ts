import "server-only";
// Export and import of collections (lib/saved/collection-file.ts). An import saves each call as
// if it were saved from the form: secrets are left out again by the same rules (saved-kinds.ts),
// so a file edited by hand cannot put a password in the database.
import type { Caller } from "@/lib/domain/roles";
import { AppError, nullIfNotFound } from "@/lib/errors";
import { describeIssues } from "@/lib/http/zod-issues";
import { COLLECTION_FILE_FORMAT, COLLECTION_FILE_VERSION, CollectionFileSchema, type CollectionFile } from "./collection-file";
import { collectionRowFor, getCollection, visibleCollection, visibleSavedCall } from "./saved-calls";
import { collectionCallIds, insertCollectionWithCalls, newId, parseStored, type SavedCallRow } from "./saved-store";
import { markSecret } from "@/lib/domain/saved-secret-fields";
import type { CollectionView, SavedKind, Visibility } from "@/lib/domain/saved-shapes";
import { storedCall } from "./saved-kinds";

/** The collection as a file: the calls the caller may see, in order. */
export async function exportCollection(id: string, caller: Caller): Promise<CollectionFile> {
  const collection = await visibleCollection(id, caller);
  const calls: CollectionFile["calls"] = [];
  for (const callId of await collectionCallIds(id)) {
    const row = await visibleSavedCall(callId, caller).catch(nullIfNotFound);
    if (!row) continue;
    calls.push({
      name: row.name,
      note: row.note,
      server: row.server_id,
      kind: row.kind as SavedKind,
      tool: row.tool_name,
      arguments: parseStored(row.arguments, {}),
      secretFields: parseStored(row.secret_fields, []),
      checks: parseStored(row.checks, []),
    });
  }
  return {
    format: COLLECTION_FILE_FORMAT,
    version: COLLECTION_FILE_VERSION,
    exportedAt: new Date().toISOString(),
    name: collection.name,
    description: collection.description,
    calls,
  };
}

function readFile(document: unknown): ReturnType<typeof CollectionFileSchema.parse> {
  const version = (document as { version?: unknown } | null)?.version;
  if (typeof version === "number" && version > COLLECTION_FILE_VERSION)
    throw new AppError(
      "bad_request:collection_file",
      `This collection file is version ${version}, written by a newer Toolscope; this one reads version ${COLLECTION_FILE_VERSION}.`,
    );
  const parsed = CollectionFileSchema.safeParse(document);
  if (!parsed.success)
    throw new AppError("bad_request:collection_file", `That is not a Toolscope collection file: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

/** A new collection (and new saved calls) from a file; every server and tool must exist here. */
export async function importCollection(
  document: unknown,
  caller: Caller,
  visibility: Visibility = "private",
): Promise<{ collection: CollectionView }> {
  const file = readFile(document);
  const collection = collectionRowFor({ name: file.name, description: file.description, visibility }, caller);
  const problems: string[] = [];
  const rows: SavedCallRow[] = [];
  // A server that is missing or down is asked about once, not once per call (each wait is up to 10 s).
  const failedServers = new Map<string, string>();
  for (const [i, call] of file.calls.entries()) {
    const known = failedServers.get(call.server);
    if (known) {
      problems.push(`calls[${i}] (“${call.name}”): ${known}`);
      continue;
    }
    // A field the file marks secret stays a placeholder, whatever the file holds there.
    const stored = await storedCall(call.kind, call.server, call.tool, markSecret(call.arguments, call.secretFields), caller).catch(
      (error: unknown) => {
        if (!(error instanceof AppError)) throw error;
        if (error.code !== "not_found:tool" && error.code !== "bad_request:body") failedServers.set(call.server, error.message);
        problems.push(`calls[${i}] (“${call.name}”): ${error.message}`);
        return null;
      },
    );
    if (!stored) continue;
    rows.push({
      id: newId(),
      owner_id: collection.owner_id,
      owner_name: collection.owner_name,
      visibility: collection.visibility,
      server_id: call.server,
      kind: call.kind,
      tool_name: stored.toolName,
      name: call.name,
      note: call.note,
      arguments: JSON.stringify(stored.arguments),
      secret_fields: JSON.stringify(stored.secretFields),
      checks: JSON.stringify(call.checks),
      created_at: collection.created_at,
      updated_at: collection.updated_at,
    });
  }
  if (problems.length) throw new AppError("bad_request:collection_file", `Nothing was imported. ${problems.join(" ")}`);
  await insertCollectionWithCalls(collection, rows);
  return getCollection(collection.id, caller);
}
