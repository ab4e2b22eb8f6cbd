// Servers kept in the database (added in the UI or through the API), in the order added. A
// config is stored encrypted (lib/crypto/secret-box.ts): its header and env values, and the
// keys some URLs carry in their query, are secrets. A config stored in clear by a Toolscope
// before this is read as it is and encrypted the next time the list is read.
import type { Kysely } from "kysely";
import { isSealed, seal, unseal } from "@/lib/crypto/secret-box";
import type { Database } from "../db/schema";
import { ServerConfigSchema, type ServerConfig } from "../domain/server-config";

const purpose = (id: string): string => `server-config:${id}`;

function stored(config: ServerConfig): string {
  return seal(JSON.stringify(config), purpose(config.id));
}

function readStored(id: string, column: string): unknown {
  return JSON.parse(isSealed(column) ? unseal(column, purpose(id)) : column);
}

export function createServerStore(db: Kysely<Database>) {
  return {
    async list(): Promise<ServerConfig[]> {
      const rows = await db.selectFrom("servers").select(["id", "config"]).orderBy("position").orderBy("id").execute();
      const configs: ServerConfig[] = [];
      for (const row of rows) {
        let raw: unknown;
        try {
          raw = readStored(row.id, row.config);
        } catch (error) {
          console.error(
            `[toolscope] ignoring stored server "${row.id}": it cannot be decrypted with this key (TOOLSCOPE_SECRET_KEY or the data directory's secret-key): ${error instanceof Error ? error.message : String(error)}`,
          );
          continue;
        }
        const parsed = ServerConfigSchema.safeParse(raw);
        if (!parsed.success) {
          console.error(`[toolscope] ignoring stored server "${row.id}": ${parsed.error.message}`);
          continue;
        }
        configs.push(parsed.data);
        if (!isSealed(row.config) && parsed.data.id === row.id)
          await db
            .updateTable("servers")
            .set({ config: stored(parsed.data) })
            .where("id", "=", row.id)
            .where("config", "=", row.config)
            .execute();
      }
      return configs;
    },

    async insert(config: ServerConfig): Promise<void> {
      const now = new Date().toISOString();
      const last = await db
        .selectFrom("servers")
        .select((eb) => eb.fn.max("position").as("max"))
        .executeTakeFirst();
      await db
        .insertInto("servers")
        .values({ id: config.id, config: stored(config), position: Number(last?.max ?? 0) + 1, created_at: now, updated_at: now })
        .execute();
    },

    async update(config: ServerConfig): Promise<boolean> {
      const result = await db
        .updateTable("servers")
        .set({ config: stored(config), updated_at: new Date().toISOString() })
        .where("id", "=", config.id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom("servers").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type ServerStore = ReturnType<typeof createServerStore>;
