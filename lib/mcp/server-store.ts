// Servers kept in the database (added in the UI or through the API), in the order added.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { ServerConfigSchema, type ServerConfig } from "./server-config";

export function createServerStore(db: Kysely<Database>) {
  return {
    async list(): Promise<ServerConfig[]> {
      const rows = await db.selectFrom("servers").select(["id", "config"]).orderBy("position").orderBy("id").execute();
      const configs: ServerConfig[] = [];
      for (const row of rows) {
        const parsed = ServerConfigSchema.safeParse(JSON.parse(row.config));
        if (parsed.success) configs.push(parsed.data);
        else console.error(`[toolscope] ignoring stored server "${row.id}": ${parsed.error.message}`);
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
        .values({ id: config.id, config: JSON.stringify(config), position: Number(last?.max ?? 0) + 1, created_at: now, updated_at: now })
        .execute();
    },

    async update(config: ServerConfig): Promise<boolean> {
      const result = await db
        .updateTable("servers")
        .set({ config: JSON.stringify(config), updated_at: new Date().toISOString() })
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
