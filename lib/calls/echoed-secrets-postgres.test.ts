// Secrets a server echoes back (issue 28, item 3), on PostgreSQL (127.0.0.1:5432, a schema of
// this file's own): the scenario of test/echoed-secrets.ts, then every row of every table
// of the schema, audit_log's lower-cased search copy (search_text) included.
import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSTGRES_URL, admin } from "@/test/app-on-postgres";
import {
  NOTE,
  auditAnswers,
  callEveryTool,
  expectAnswersRedacted,
  expectAuditRedacted,
  savedCallRuns,
  secretsIn,
  startEchoScenario,
  type EchoScenario,
} from "@/test/echoed-secrets";

const schema = `echoed_secrets_${crypto.randomBytes(4).toString("hex")}`;
const savedEnv = { ...process.env };
let scenario: EchoScenario | undefined;
let answers: string[];
let runs: string;

beforeAll(async () => {
  await admin(`create schema ${schema}`);
  scenario = await startEchoScenario({ DATABASE_URL: `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}` });
  answers = await callEveryTool(scenario);
  runs = await savedCallRuns(scenario);
});

afterAll(async () => {
  await scenario?.close();
  const { database } = await import("@/lib/db");
  await (await database()).destroy();
  process.env = savedEnv;
  await admin(`drop schema ${schema} cascade`);
});

/** Every row of every table of the schema, as text (search_text, the lower-cased copy, among them). */
async function everyRow(): Promise<string> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE'",
      [schema],
    );
    const dumps: string[] = [];
    for (const { table_name: table } of tables) {
      const { rows } = await client.query(`select * from "${schema}"."${table}"`);
      dumps.push(`${table}: ${JSON.stringify(rows)}`);
    }
    return dumps.join("\n");
  } finally {
    await client.end();
  }
}

describe("secrets a server echoes back, on PostgreSQL", () => {
  it("are redacted in what each call answers: result, tool error, JSON-RPC error, malformed result, progress, console", () => {
    expectAnswersRedacted(answers);
  });

  it("are redacted in saved calls' runs", () => {
    expect(secretsIn(runs)).toEqual([]);
  });

  it("are not in the audit API, its search or either export", async () => {
    expectAuditRedacted(await auditAnswers(scenario!));
  });

  it("are not in any row of any table, the search copy included", async () => {
    const rows = await everyRow();
    expect(rows).toContain(NOTE.toLowerCase());
    expect(rows).toContain("search_text");
    expect(secretsIn(rows)).toEqual([]);
  });
});
