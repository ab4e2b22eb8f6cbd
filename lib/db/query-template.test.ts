import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { QueryTemplates } from "./query-template";

type Db = { item: { id: string; name: string | null; size: number; done: number } };

const db = new Kysely<Db>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new SqliteIntrospector(kysely),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

const update = (slots: Record<string, unknown>) =>
  db
    .updateTable("item")
    .set({ name: slots.name as string | null, size: slots.size as number })
    .where("id", "=", slots.id as string)
    .where("done", "=", 0)
    .compile();

describe("QueryTemplates", () => {
  it("answers what Kysely compiles, for every use after the first", () => {
    const templates = new QueryTemplates();
    for (const values of [
      { name: "a", size: 1, id: "x" },
      { name: null, size: 22, id: "y" },
      { name: "it's", size: -3, id: "z" },
    ]) {
      const compiled = templates.compile("update", values, update);
      const expected = update(values);
      expect(compiled.sql).toBe(expected.sql);
      expect(compiled.parameters).toEqual(expected.parameters);
    }
  });

  it("keeps the constants Kysely made parameters of in their place", () => {
    const compiled = new QueryTemplates().compile("update", { name: "n", size: 5, id: "i" }, update);
    expect(compiled.parameters).toEqual(["n", 5, "i", 0]);
  });

  it("compiles every time a query that writes a value into its SQL", () => {
    const templates = new QueryTemplates();
    const literal = (slots: Record<string, unknown>) =>
      db
        .selectFrom("item")
        .selectAll()
        .where("name", "=", sql.lit(slots.name as string))
        .compile();
    expect(templates.compile("literal", { name: "first" }, literal).sql).toContain("'first'");
    expect(templates.compile("literal", { name: "second" }, literal).sql).toContain("'second'");
  });

  it("compiles every time a query that changes a value on its way", () => {
    const templates = new QueryTemplates();
    const upper = (slots: Record<string, unknown>) =>
      db.selectFrom("item").selectAll().where("id", "=", String(slots.id).toUpperCase()).compile();
    expect(templates.compile("upper", { id: "abc" }, upper).parameters).toEqual(["ABC"]);
    expect(templates.compile("upper", { id: "def" }, upper).parameters).toEqual(["DEF"]);
  });

  it("keeps one template per set of slots", () => {
    const templates = new QueryTemplates();
    const insert = (slots: Record<string, unknown>) =>
      db
        .insertInto("item")
        .values(slots as Db["item"])
        .compile();
    const two = templates.compile("insert", { id: "a", size: 1 }, insert);
    const three = templates.compile("insert", { id: "b", size: 2, name: "c" }, insert);
    expect(two.sql).toBe(insert({ id: "a", size: 1 }).sql);
    expect(three.sql).toBe(insert({ id: "b", size: 2, name: "c" }).sql);
    expect(three.parameters).toEqual(["b", 2, "c"]);
  });
});
