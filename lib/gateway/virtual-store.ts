import "server-only";
// Where virtual servers are kept (table virtual_servers): read on every /mcp/{name} request, so
// cached briefly, and dropped in every process when one changes them (lib/cluster), as policies are.
import { recordEvent } from "@/lib/audit/events";
import { clusterBus } from "@/lib/cluster";
import { database } from "@/lib/db";
import type { Caller } from "@/lib/domain/roles";
import { VirtualServerSchema, type VirtualServer, type VirtualServerView } from "@/lib/domain/virtual-servers";
import { AppError } from "@/lib/errors";
import { processWide } from "@/lib/process-wide";

const CACHE_MS = 2_000;
const cache = processWide("virtual-servers", () => ({ at: 0, all: undefined as Map<string, VirtualServerView> | undefined }));

async function readAll(): Promise<Map<string, VirtualServerView>> {
  const rows = await (await database()).selectFrom("virtual_servers").selectAll().orderBy("name").execute();
  const all = new Map<string, VirtualServerView>();
  for (const row of rows) {
    const parsed = VirtualServerSchema.safeParse(JSON.parse(row.definition));
    if (parsed.success) all.set(row.name, { ...parsed.data, name: row.name, updatedAt: row.updated_at, updatedBy: row.updated_by });
    else console.error(`[toolscope] ignoring the stored virtual server "${row.name}": ${parsed.error.message}`);
  }
  return all;
}

export async function virtualServers(): Promise<Map<string, VirtualServerView>> {
  if (!cache.all || Date.now() - cache.at > CACHE_MS) {
    cache.all = await readAll();
    cache.at = Date.now();
  }
  return cache.all;
}

export function invalidateVirtualServers(): void {
  cache.all = undefined;
}

export async function virtualServer(name: string): Promise<VirtualServerView> {
  const found = (await virtualServers()).get(name);
  if (!found) throw new AppError("not_found:virtual_server", `There is no virtual server "${name}".`);
  return found;
}

/** Creates or replaces one, audited. */
/**
 * Saves a virtual server. `createOnly`: a new one, refused (409) if the name is taken, so that
 * "New virtual server" never replaces an existing one unseen (HTTP's `If-None-Match: *`).
 */
export async function saveVirtualServer(
  name: string,
  definition: VirtualServer,
  by: Caller,
  { createOnly = false }: { createOnly?: boolean } = {},
): Promise<VirtualServerView> {
  const db = await database();
  const row = { definition: JSON.stringify(definition), updated_at: new Date().toISOString(), updated_by: by.name };
  await db.transaction().execute(async (tx) => {
    if (createOnly && (await tx.selectFrom("virtual_servers").select("name").where("name", "=", name).executeTakeFirst()))
      throw new AppError("conflict:virtual_server", `A virtual server named "${name}" exists already: edit it, or choose another name.`);
    await tx.deleteFrom("virtual_servers").where("name", "=", name).execute();
    await tx
      .insertInto("virtual_servers")
      .values({ name, ...row })
      .execute();
  });
  changed();
  await recordEvent("virtual_server_changed", by, { subject: name, tools: definition.tools.map((t) => t.as ?? `${t.server}__${t.tool}`) });
  return virtualServer(name);
}

export async function removeVirtualServer(name: string, by: Caller): Promise<void> {
  const result = await (await database()).deleteFrom("virtual_servers").where("name", "=", name).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new AppError("not_found:virtual_server", `There is no virtual server "${name}".`);
  changed();
  await recordEvent("virtual_server_removed", by, { subject: name });
}

function changed(): void {
  invalidateVirtualServers();
  void clusterBus()?.broadcast("invalidate", { what: "virtual-servers" });
}
