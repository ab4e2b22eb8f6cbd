// The model judge (issue 50, lib/report/model-judge.ts): instance-wide settings an admin changes in
// the UI (`instance_settings`: one row per setting, its value JSON; the judge's model is the first),
// and the judge's verdicts, kept by the SHA-256 of the definition's canonical JSON, the rubric's
// version and the model, so that no definition is judged twice (`judge_verdicts`).
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("instance_settings")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();
  await db.schema
    .createTable("judge_verdicts")
    .addColumn("hash", "text", (c) => c.primaryKey())
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("rubric_version", "text", (c) => c.notNull())
    // poisoned | benign
    .addColumn("verdict", "text", (c) => c.notNull())
    .addColumn("score", "double precision", (c) => c.notNull())
    .addColumn("span", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("judged_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("judge_verdicts").execute();
  await db.schema.dropTable("instance_settings").execute();
}
