import "server-only";
// Where tool definitions are kept by hash (table tool_definitions): the approved one of each tool
// (its pin), the ones waiting for approval, and the ones an approval replaced. Read per server,
// cached briefly as server policies are, and dropped in every process when one writes (lib/cluster).
import type { Selectable } from "kysely";
import { clusterBus } from "@/lib/cluster";
import { database } from "@/lib/db";
import type { ToolDefinitionsTable } from "@/lib/db/schema";
import { processWide } from "@/lib/process-wide";
import { canonicalJson, type PinnedDefinition } from "./definition";

export type DefinitionRow = Selectable<ToolDefinitionsTable>;
export type ServerPins = {
  /** Each tool's approved definition. */
  approved: Map<string, DefinitionRow>;
  /** Each tool's definitions waiting for approval, oldest first. */
  pending: Map<string, DefinitionRow[]>;
};

const CACHE_MS = 2_000;
const cache = processWide("tool-pins", () => new Map<string, { at: number; pins: ServerPins }>());

export async function serverPins(serverId: string): Promise<ServerPins> {
  const hit = cache.get(serverId);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.pins;
  const db = await database();
  const rows = await db
    .selectFrom("tool_definitions")
    .selectAll()
    .where("server_id", "=", serverId)
    .where("status", "in", ["approved", "pending"])
    .orderBy("first_seen_at")
    .execute();
  const pins: ServerPins = { approved: new Map(), pending: new Map() };
  for (const row of rows) {
    if (row.status === "approved") pins.approved.set(row.tool_name, row);
    else pins.pending.set(row.tool_name, [...(pins.pending.get(row.tool_name) ?? []), row]);
  }
  cache.set(serverId, { at: Date.now(), pins });
  return pins;
}

export function invalidatePins(serverId?: string): void {
  if (serverId === undefined) cache.clear();
  else cache.delete(serverId);
}

function changed(serverId: string): void {
  invalidatePins(serverId);
  void clusterBus()?.broadcast("invalidate", { what: "pins" });
}

export type Seen = { serverId: string; tool: string; hash: string; definition: PinnedDefinition; reason: DefinitionRow["reason"] };

/** Rows per statement: well under SQLite's limit on bound values, and a 10,000-tool list in a few dozen statements. */
const CHUNK = 300;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

function rowOf(seen: Seen, now: string): DefinitionRow {
  return {
    server_id: seen.serverId,
    tool_name: seen.tool,
    hash: seen.hash,
    definition: canonicalJson(seen.definition),
    status: "pending",
    reason: seen.reason,
    first_seen_at: now,
    approved_at: null,
    approved_by: null,
  };
}

/**
 * Keeps definitions seen for the first time as waiting; answers the hashes this call kept (the
 * others were kept already, by this process or another), so that each is recorded once.
 */
export async function keepPending(serverId: string, seen: readonly Seen[]): Promise<Set<string>> {
  if (seen.length === 0) return new Set();
  const db = await database();
  const now = new Date().toISOString();
  const kept = new Set<string>();
  await db.transaction().execute(async (tx) => {
    for (const chunk of chunks(seen)) {
      const rows = await tx
        .insertInto("tool_definitions")
        .values(chunk.map((one) => rowOf(one, now)))
        .onConflict((conflict) => conflict.columns(["server_id", "tool_name", "hash"]).doNothing())
        .returning("hash")
        .execute();
      for (const row of rows) kept.add(row.hash);
    }
  });
  changed(serverId);
  return kept;
}

/**
 * Makes definitions their tools' pins, keeping them first where never seen: the pin each
 * replaces is superseded, and so is any other definition of the tool still waiting (an older
 * change). Answers the hashes this call approved (the others were approved already).
 */
export async function approveDefinitions(serverId: string, seen: readonly Seen[], by: string): Promise<Set<string>> {
  if (seen.length === 0) return new Set();
  const db = await database();
  const now = new Date().toISOString();
  const approved = new Set<string>();
  await db.transaction().execute(async (tx) => {
    for (const chunk of chunks(seen)) {
      const hashes = chunk.map((one) => one.hash);
      await tx
        .insertInto("tool_definitions")
        .values(chunk.map((one) => rowOf(one, now)))
        .onConflict((conflict) => conflict.columns(["server_id", "tool_name", "hash"]).doNothing())
        .execute();
      // A hash names one tool's one definition (the name is part of what is hashed).
      await tx
        .updateTable("tool_definitions")
        .set({ status: "superseded" })
        .where("server_id", "=", serverId)
        .where(
          "tool_name",
          "in",
          chunk.map((one) => one.tool),
        )
        .where("hash", "not in", hashes)
        .where("status", "in", ["approved", "pending"])
        .execute();
      const rows = await tx
        .updateTable("tool_definitions")
        .set({ status: "approved", approved_at: now, approved_by: by })
        .where("server_id", "=", serverId)
        .where("hash", "in", hashes)
        .where("status", "!=", "approved")
        .returning("hash")
        .execute();
      for (const row of rows) approved.add(row.hash);
    }
  });
  changed(serverId);
  return approved;
}

export function parseDefinition(row: DefinitionRow): PinnedDefinition {
  return JSON.parse(row.definition) as PinnedDefinition;
}

/**
 * Gives definitions that waited for the model judge the reason its verdict decided (flagged, or
 * the one they would have had without a judge); answers the hashes this call settled, so that each
 * is recorded once, whichever process (replica) settled it.
 */
export async function settleJudged(serverId: string, settled: readonly Seen[]): Promise<Set<string>> {
  if (settled.length === 0) return new Set();
  const db = await database();
  const done = new Set<string>();
  for (const one of settled) {
    const rows = await db
      .updateTable("tool_definitions")
      .set({ reason: one.reason })
      .where("server_id", "=", serverId)
      .where("tool_name", "=", one.tool)
      .where("hash", "=", one.hash)
      .where("status", "=", "pending")
      .where("reason", "=", "judging")
      .returning("hash")
      .execute();
    for (const row of rows) done.add(row.hash);
  }
  changed(serverId);
  return done;
}
