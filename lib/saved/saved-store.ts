import "server-only";
// Where saved calls, collections and their runs are kept (migration 0012): named functions over
// typed rows, no access decisions (lib/saved/access.ts makes those).
import crypto from "node:crypto";
import type { Selectable } from "kysely";
import { database } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { CollectionsTable, SavedCallRunsTable, SavedCallsTable } from "@/lib/db/schema";

export type SavedCallRow = Selectable<SavedCallsTable>;
export type CollectionRow = Selectable<CollectionsTable>;
export type RunRow = Selectable<SavedCallRunsTable>;

/** A JSON column read back; a value that does not parse (written by hand, say) reads as the fallback. */
export function parseStored<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function newId(): string {
  return crypto.randomUUID();
}

/** The most calls a collection holds (what an update may list). */
export const MAX_COLLECTION_CALLS = 500;

/** A saved call filed at the end of existing collections, and of a new one made with it (`newCollection`). */
export async function insertSavedCall(row: SavedCallRow, collectionIds: readonly string[], newCollection?: CollectionRow): Promise<void> {
  const db = await database();
  await db.transaction().execute(async (tx) => {
    if (newCollection) await tx.insertInto("collections").values(newCollection).execute();
    await tx.insertInto("saved_calls").values(row).execute();
    for (const collectionId of newCollection ? [...collectionIds, newCollection.id] : collectionIds) {
      const last = await tx
        .selectFrom("collection_calls")
        .select((eb) => [eb.fn.max("position").as("position"), eb.fn.countAll().as("count")])
        .where("collection_id", "=", collectionId)
        .executeTakeFirst();
      if (Number(last?.count ?? 0) >= MAX_COLLECTION_CALLS)
        throw new AppError("bad_request:body", `A collection holds at most ${MAX_COLLECTION_CALLS} calls.`);
      await tx
        .insertInto("collection_calls")
        .values({ collection_id: collectionId, saved_call_id: row.id, position: Number(last?.position ?? -1) + 1 })
        .execute();
      await tx.updateTable("collections").set({ updated_at: row.updated_at }).where("id", "=", collectionId).execute();
    }
  });
}

export async function savedCallRow(id: string): Promise<SavedCallRow | undefined> {
  const db = await database();
  return db.selectFrom("saved_calls").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function savedCallRows(): Promise<SavedCallRow[]> {
  const db = await database();
  return db.selectFrom("saved_calls").selectAll().orderBy("updated_at", "desc").execute();
}

export async function updateSavedCallRow(
  id: string,
  changes: Partial<Pick<SavedCallRow, "name" | "note" | "arguments" | "secret_fields" | "checks" | "visibility">>,
): Promise<void> {
  const db = await database();
  await db
    .updateTable("saved_calls")
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
}

export async function deleteSavedCallRow(id: string): Promise<void> {
  const db = await database();
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("collection_calls").where("saved_call_id", "=", id).execute();
    await tx.deleteFrom("saved_call_runs").where("saved_call_id", "=", id).execute();
    await tx.deleteFrom("saved_calls").where("id", "=", id).execute();
  });
}

export async function insertCollection(row: CollectionRow, savedCallIds: readonly string[]): Promise<void> {
  const db = await database();
  await db.transaction().execute(async (tx) => {
    await tx.insertInto("collections").values(row).execute();
    if (savedCallIds.length)
      await tx
        .insertInto("collection_calls")
        .values(savedCallIds.map((saved_call_id, position) => ({ collection_id: row.id, saved_call_id, position })))
        .execute();
  });
}

/** A collection with the calls it holds, in order; `savedCalls` is given with new saved calls made in the same step (an import). */
export async function insertCollectionWithCalls(row: CollectionRow, savedCalls: readonly SavedCallRow[]): Promise<void> {
  const db = await database();
  await db.transaction().execute(async (tx) => {
    await tx.insertInto("collections").values(row).execute();
    for (const [position, call] of savedCalls.entries()) {
      await tx.insertInto("saved_calls").values(call).execute();
      await tx.insertInto("collection_calls").values({ collection_id: row.id, saved_call_id: call.id, position }).execute();
    }
  });
}

export async function collectionRow(id: string): Promise<CollectionRow | undefined> {
  const db = await database();
  return db.selectFrom("collections").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function collectionRows(): Promise<CollectionRow[]> {
  const db = await database();
  return db.selectFrom("collections").selectAll().orderBy("name").execute();
}

/** The ids of a collection's calls, in order. */
export async function collectionCallIds(collectionId: string): Promise<string[]> {
  const db = await database();
  const rows = await db
    .selectFrom("collection_calls")
    .select("saved_call_id")
    .where("collection_id", "=", collectionId)
    .orderBy("position")
    .execute();
  return rows.map((r) => r.saved_call_id);
}

/** Each collection's calls, for lists. */
export async function collectionMemberships(): Promise<{ collection_id: string; saved_call_id: string }[]> {
  const db = await database();
  return db.selectFrom("collection_calls").select(["collection_id", "saved_call_id"]).execute();
}

export async function updateCollectionRow(
  id: string,
  changes: Partial<Pick<CollectionRow, "name" | "description" | "visibility">>,
  savedCallIds?: readonly string[],
): Promise<void> {
  const db = await database();
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable("collections")
      .set({ ...changes, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    if (!savedCallIds) return;
    await tx.deleteFrom("collection_calls").where("collection_id", "=", id).execute();
    if (savedCallIds.length)
      await tx
        .insertInto("collection_calls")
        .values(savedCallIds.map((saved_call_id, position) => ({ collection_id: id, saved_call_id, position })))
        .execute();
  });
}

/** Removes a collection; its calls stay saved. */
export async function deleteCollectionRow(id: string): Promise<void> {
  const db = await database();
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("collection_calls").where("collection_id", "=", id).execute();
    await tx.deleteFrom("collections").where("id", "=", id).execute();
  });
}

export async function insertRun(row: RunRow): Promise<void> {
  const db = await database();
  await db.insertInto("saved_call_runs").values(row).execute();
}

/** The run of the same saved call just before this one, by anyone or by one person (`actorId`). */
export async function previousRun(run: RunRow, actorId?: string | null): Promise<RunRow | undefined> {
  const db = await database();
  let query = db
    .selectFrom("saved_call_runs")
    .selectAll()
    .where("saved_call_id", "=", run.saved_call_id)
    .where("id", "!=", run.id)
    .where("started_at", "<=", run.started_at);
  if (actorId !== undefined) query = actorId === null ? query.where("actor_id", "is", null) : query.where("actor_id", "=", actorId);
  return query.orderBy("started_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
}

/** Runs older than a time, deleted with the audit records they point at (retention). */
export async function deleteRunsBefore(iso: string): Promise<void> {
  const db = await database();
  await db.deleteFrom("saved_call_runs").where("started_at", "<", iso).execute();
}

/**
 * A saved call's latest runs, newest first; `actorId` (when given) keeps those of that person
 * only, for readers who may not read others' payloads.
 */
export async function latestRuns(savedCallId: string, limit: number, actorId?: string | null): Promise<RunRow[]> {
  const db = await database();
  let query = db.selectFrom("saved_call_runs").selectAll().where("saved_call_id", "=", savedCallId);
  if (actorId !== undefined) query = actorId === null ? query.where("actor_id", "is", null) : query.where("actor_id", "=", actorId);
  return query.orderBy("started_at", "desc").orderBy("id", "desc").limit(limit).execute();
}
