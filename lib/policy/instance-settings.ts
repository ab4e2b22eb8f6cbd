import "server-only";
// Settings of the whole Toolscope that an admin changes in the UI (table instance_settings), one
// row per setting with its value as JSON; the model judge's model is the first. Read through a
// short cache, as server policies are, and dropped in every process when one changes (lib/cluster).
// Each setting's meaning and checks live with its owner (lib/report/judge-setting.ts): this is
// only where the values are kept.
import { clusterBus } from "@/lib/cluster";
import { database } from "@/lib/db";
import { processWide } from "@/lib/process-wide";

/** Every setting kept here, by name. */
export type InstanceSettingName = "model-judge";

export type StoredSetting = { value: unknown; updatedAt: string; updatedBy: string | null };

const CACHE_MS = 2_000;
const cache = processWide("instance-settings", () => ({ at: 0, settings: undefined as Map<string, StoredSetting> | undefined }));

async function readSettings(): Promise<Map<string, StoredSetting>> {
  const db = await database();
  const rows = await db.selectFrom("instance_settings").selectAll().execute();
  const settings = new Map<string, StoredSetting>();
  for (const row of rows) {
    try {
      settings.set(row.name, { value: JSON.parse(row.value) as unknown, updatedAt: row.updated_at, updatedBy: row.updated_by });
    } catch {
      console.error(`[toolscope] ignoring the stored setting "${row.name}": its value is not JSON`);
    }
  }
  return settings;
}

/** A setting as stored, or undefined when it was never set (or was cleared). */
export async function instanceSetting(name: InstanceSettingName): Promise<StoredSetting | undefined> {
  if (!cache.settings || Date.now() - cache.at > CACHE_MS) {
    cache.settings = await readSettings();
    cache.at = Date.now();
  }
  return cache.settings.get(name);
}

/** Replaces a setting's value; null removes it (the setting's default applies again). */
export async function saveInstanceSetting(name: InstanceSettingName, value: unknown, by: string | null): Promise<void> {
  const db = await database();
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("instance_settings").where("name", "=", name).execute();
    if (value !== null)
      await tx
        .insertInto("instance_settings")
        .values({ name, value: JSON.stringify(value), updated_at: new Date().toISOString(), updated_by: by })
        .execute();
  });
  invalidateInstanceSettings();
  void clusterBus()?.broadcast("invalidate", { what: "settings" });
}

export function invalidateInstanceSettings(): void {
  cache.settings = undefined;
}
