// Where the migrator keeps its bookkeeping on PostgreSQL (the server on 127.0.0.1:5432), when
// the database holds more than one Toolscope schema or its search_path changed after install.
import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./connect";
import { migrateToLatest } from "./migrate";
import { POSTGRES_URL, admin } from "@/test/app-on-postgres";

describe("migrations on PostgreSQL", () => {
  const tag = randomBytes(4).toString("hex");
  const [first, second, added, busy] = ["first", "second", "added", "busy"].map((name) => `toolscope_migrate_${name}_${tag}`) as [
    string,
    string,
    string,
    string,
  ];

  beforeAll(() => admin(`create schema ${first}; create schema ${second}; create schema ${added}; create schema ${busy}`));
  afterAll(() => admin(`drop schema if exists ${first}, ${second}, ${added}, ${busy} cascade`));

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

  it("reads only the tables of the schemas on the search_path, with their columns", async () => {
    const db = openDatabase({ kind: "postgres", url: POSTGRES_URL, searchPath: `${added},${first}` });
    try {
      const tables = await db.introspection.getTables();
      expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([first]));
      const servers = tables.find((table) => table.name === "servers");
      expect(servers?.columns.find((column) => column.name === "id")).toMatchObject({ isNullable: false });
    } finally {
      await db.destroy();
    }
  });

  it("migrates while another session makes and drops schemas of its own", async () => {
    // Kysely's own introspector read every schema and failed on one dropped meanwhile, in about
    // one migration of four here; thirty in a row all pass only when other schemas are not read.
    const other = new pg.Client({ connectionString: POSTGRES_URL });
    await other.connect();
    let churning = true;
    const churn = (async () => {
      for (let n = 0; churning; n++) {
        const schema = `toolscope_migrate_churn_${tag}_${n}`;
        await other.query(`create schema ${schema}; create table ${schema}.t (id serial primary key, a text, b text, c text)`);
        await other.query(`drop schema ${schema} cascade`);
      }
    })();
    const failures: string[] = [];
    try {
      for (let i = 0; i < 30; i++) {
        const db = openDatabase({ kind: "postgres", url: POSTGRES_URL, searchPath: busy });
        await migrateToLatest(db as Kysely<unknown>).catch((error: unknown) => failures.push(String(error)));
        await db.destroy();
      }
    } finally {
      churning = false;
      await churn;
      await other.end();
    }
    expect(failures).toEqual([]);
  });
});
