// Secrets a server echoes back (issue 28, item 3), on SQLite: the scenario of
// test/echoed-secrets.ts, then every byte of the data dir (the database, its WAL, the
// search index inside it) and every row read back with SQLite itself. The PostgreSQL half is
// echoed-secrets-postgres.test.ts.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  NOTE,
  auditAnswers,
  callEveryTool,
  expectAnswersRedacted,
  expectAuditRedacted,
  inputAndTaskAnswers,
  savedCallRuns,
  secretsIn,
  startEchoScenario,
  type EchoScenario,
} from "@/test/echoed-secrets";

const savedEnv = { ...process.env };
let scenario: EchoScenario;
let answers: string[];
let runs: string;
let onTheWay: Awaited<ReturnType<typeof inputAndTaskAnswers>>;

beforeAll(async () => {
  scenario = await startEchoScenario({});
  answers = await callEveryTool(scenario);
  runs = await savedCallRuns(scenario);
  onTheWay = await inputAndTaskAnswers(scenario);
});

afterAll(async () => {
  await scenario.close();
  process.env = savedEnv;
});

/** Every file of the data dir but the operator's mcp.json whose bytes hold a secret's core (UTF-8, either case). */
function filesWithSecrets(): string[] {
  return fs
    .readdirSync(scenario.dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== "mcp.json")
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => secretsIn(fs.readFileSync(file).toString("latin1")).length > 0)
    .map((file) => path.relative(scenario.dataDir, file));
}

/** Every row of every table (the FTS5 index's shadow tables too), read through SQLite, WAL included. */
function everyRow(): string {
  const db = new Database(path.join(scenario.dataDir, "toolscope.db"), { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[];
    return tables.map(({ name }) => `${name}: ${JSON.stringify(db.prepare(`select * from "${name}"`).all())}`).join("\n");
  } finally {
    db.close();
  }
}

describe("secrets a server echoes back, on SQLite", () => {
  it("are redacted in what each call answers: result, tool error, JSON-RPC error, malformed result, progress, console", () => {
    expectAnswersRedacted(answers);
  });

  it("are redacted in a request for input the page is shown, and in a task's status message", () => {
    for (const text of [...onTheWay.asked, ...onTheWay.tasks]) expect(secretsIn(text), text).toEqual([]);
    for (const text of onTheWay.asked) {
      const input = (JSON.parse(text) as { event: string; data: { params: { message: string } } }[])[1]!.data;
      expect(input.params.message).toBe("Confirm: You sent [redacted] and [redacted] and [redacted]; I hold [redacted].");
    }
    for (const text of onTheWay.tasks) expect(text).toContain("Working on [redacted] with [redacted]");
  });

  it("are redacted in saved calls' runs", () => {
    expect(secretsIn(runs)).toEqual([]);
  });

  it("are not in the audit API, its search or either export", async () => {
    expectAuditRedacted(await auditAnswers(scenario));
  });

  it("are not in any row or any byte of the database, its WAL and its search index", () => {
    expect(everyRow()).toContain(NOTE);
    expect(secretsIn(everyRow()), "the rows of the database").toEqual([]);
    expect(fs.existsSync(path.join(scenario.dataDir, "toolscope.db-wal")), "the WAL is among the files read").toBe(true);
    expect(filesWithSecrets(), "files of the data dir").toEqual([]);
  });
});
