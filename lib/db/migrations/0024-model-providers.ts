// Model providers given in the UI (issue 45, lib/models/provider-store.ts): shared ones an admin
// adds for the roles it names, and a person's own. The key is sealed; `roles` is a JSON array or
// null (every role); `owner_id` is the person whose own provider it is, "" for a shared one (not null: a unique index
// counts nulls as all different).
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("model_providers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("owner_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("base_url", "text")
    .addColumn("sealed_key", "text")
    .addColumn("roles", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();
  // One name per owner; shared names begin otherwise than a person's own (`my-`), so the two never meet.
  await db.schema.createIndex("model_providers_by_name").on("model_providers").columns(["name", "owner_id"]).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("model_providers").execute();
}
