// Where the migrator keeps its bookkeeping on PostgreSQL (the server on 127.0.0.1:5432), when
// the database holds more than one Toolscope schema or its search_path changed after install.
import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./connect";
import { migrateToLatest } from "./migrate";
import { POSTGRES_URL, admin } from "@/test/app-on-postgres";

describe("migrations on PostgreSQL", () => {
  const tag = randomBytes(4).toString("hex");
  const [first, second, added] = ["first", "second", "added"].map((name) => `toolscope_migrate_${name}_${tag}`) as [string, string, string];

  beforeAll(() => admin(`create schema ${first}; create schema ${second}; create schema ${added}`));
  afterAll(() => admin(`drop schema if exists ${first}, ${second}, ${added} cascade`));

  async function migrateIn(searchPath: string): Promise<Record<string, number>> {
    const db = openDatabase({ kind: "postgres", url: POSTGRES_URL, searchPath });
    try {
      await migrateToLatest(db as Kysely<unknown>);
      const { rows } = await sql<{ schema: string; n: number }>`select table_schema as schema, count(*)::int as n
        from information_schema.tables where table_name in ('toolscope_migrations', 'audit_log', 'servers')
        and table_schema in (${first}, ${second}, ${added}) group by table_schema`.execute(db);
      return Object.fromEntries(rows.map((row) => [row.schema, row.n]));
    } finally {
      await db.destroy();
    }
  }

  it("makes its own tables in a schema when another schema already has them", async () => {
    expect(await migrateIn(first)).toEqual({ [first]: 3 });
    expect(await migrateIn(second)).toEqual({ [first]: 3, [second]: 3 });
  });

  it("keeps using the tables the search_path finds when a new schema comes first on it", async () => {
    // As when a schema named after the user appears in front of public: nothing may be made there.
    expect(await migrateIn(`${added},${first}`)).toEqual({ [first]: 3, [second]: 3 });
  });
});
