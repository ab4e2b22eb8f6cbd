// Group commit on SQLite, on a real database file: the writes queued in one turn of the event
// loop share a transaction, each isolated in a savepoint, and a group that cannot commit
// fails as a whole without leaving anything behind.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { sql, type Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./connect";
import { runTransaction, runWrite, type QuerySteps } from "./run-queries";

type Db = { item: { name: string } };

let dir: string;
let file: string;
let db: Kysely<Db>;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-run-queries-"));
  file = path.join(dir, "t.db");
  db = openDatabase({ kind: "sqlite", file }) as unknown as Kysely<Db>;
  await sql`create table item (name text primary key)`.execute(db);
});

afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const insert = (name: string) => db.insertInto("item").values({ name }).compile();
const names = async () => (await db.selectFrom("item").select("name").orderBy("name").execute()).map((row) => row.name);

/** What another connection sees: only committed rows. */
function committedNames(): string[] {
  const other = new BetterSqlite3(file, { readonly: true });
  try {
    return (other.prepare("select name from item order by name").all() as { name: string }[]).map((row) => row.name);
  } finally {
    other.close();
  }
}

describe("SQLite group commit", () => {
  it("rejects the writes queued on a database that closes before their group runs", async () => {
    const closing = openDatabase({ kind: "sqlite", file: path.join(dir, "closing.db") }) as unknown as Kysely<Db>;
    const handle = (closing as unknown as Record<symbol, BetterSqlite3.Database>)[Symbol.for("toolscope.sqlite-handle")]!;
    const write = runWrite(closing, sql`create table item (name text)`.compile(closing));
    handle.close();
    // Thrown from the event loop's callback instead, this would end the whole process.
    await expect(write).rejects.toThrow(/not open/);
  });

  it("commits the writes queued together in one transaction, in the order they were queued", async () => {
    const seenByOthers: string[][] = [];
    const seenBySelf: number[] = [];
    const results = await Promise.all([
      runWrite(db, insert("a")),
      runTransaction(db, function* (): QuerySteps<string> {
        const count = (yield db
          .selectFrom("item")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .compile()).rows as { n: number }[];
        seenBySelf.push(Number(count[0]!.n));
        seenByOthers.push(committedNames());
        yield insert("b");
        return "second";
      }),
    ]);
    // The second operation saw the first one's row, which no other connection could see yet.
    expect(seenBySelf).toEqual([1]);
    expect(seenByOthers).toEqual([[]]);
    expect(results[1]).toBe("second");
    expect(Number(results[0].numAffectedRows)).toBe(1);
    expect(committedNames()).toEqual(["a", "b"]);
  });

  it("rolls back only the operation that throws; the rest of its group is committed", async () => {
    const outcomes = await Promise.allSettled([
      runWrite(db, insert("a")),
      runTransaction(db, function* (): QuerySteps<void> {
        yield insert("half");
        throw new Error("the operation failed after its first write");
      }),
      runWrite(db, insert("a")), // a constraint violation, from SQLite itself
      runWrite(db, insert("c")),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toContain("failed after its first write");
    expect(String((outcomes[2] as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint failed/);
    expect(await names()).toEqual(["a", "c"]);
  });

  it("rolls back a lone operation that throws", async () => {
    await expect(
      runTransaction(db, function* (): QuerySteps<void> {
        yield insert("half");
        throw new Error("nope");
      }),
    ).rejects.toThrow("nope");
    expect(await names()).toEqual([]);
  });

  it("fails the whole group when it cannot take the write lock, and the next group goes through", async () => {
    const sqlite = (db as unknown as Record<symbol, BetterSqlite3.Database>)[Symbol.for("toolscope.sqlite-handle")]!;
    sqlite.pragma("busy_timeout = 50");
    const other = new BetterSqlite3(file);
    other.exec("begin immediate");
    try {
      const outcomes = await Promise.allSettled([runWrite(db, insert("a")), runWrite(db, insert("b"))]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
      expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/locked|busy/i);
    } finally {
      other.exec("rollback");
      other.close();
    }
    await runWrite(db, insert("c"));
    expect(await names()).toEqual(["c"]);
  });

  it("starts a new group for writes queued after a group was committed", async () => {
    await runWrite(db, insert("a"));
    const later = runTransaction(db, function* (): QuerySteps<string[]> {
      yield insert("b");
      return committedNames();
    });
    // "a" was committed by the first group; "b" is in the second, not yet committed.
    expect(await later).toEqual(["a"]);
    expect(committedNames()).toEqual(["a", "b"]);
  });
});
