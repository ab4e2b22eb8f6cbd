// Redaction, checked where it matters: on disk. A writeOnly password sent to the demo
// server's sign_in (through the HTTP API and the raw JSON-RPC route, with an API key in the
// request's _meta) and a bearer header of a Streamable HTTP server must not be in the audit
// log: none of them anywhere in the data dir's bytes (the servers table keeps configs with
// their secrets, encrypted). None is in the JSONL or CSV export. Runs its own Toolscope on another port.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "./test";
import { startDemoHttpServer, type DemoHttpServer } from "../lib/demo-server/http";
import { startOwnToolscope, type OwnToolscope } from "./own-toolscope";
import { e2ePort } from "./ports";

const PORT = e2ePort("TOOLSCOPE_E2E_REDACTION_PORT", 3192);
const PASSWORD = "pw-Zq7-redaction-at-rest-4411";
const BEARER_TOKEN = "tok-Kx9-redaction-at-rest-7730";
const META_KEY = "key-Wm3-redaction-at-rest-5127";
const SECURED = "secured-http";

let toolscope: OwnToolscope | undefined;
let demo: DemoHttpServer | undefined;
let dataDir = "";

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-redaction-"));
  const configFile = path.join(dataDir, "mcp.json");
  fs.writeFileSync(configFile, JSON.stringify({ mcpServers: {} }));
  demo = await startDemoHttpServer({});
  toolscope = await startOwnToolscope({ port: PORT, dataDir, env: { TOOLSCOPE_DEMO_SERVER: "on", TOOLSCOPE_CONFIG: configFile } });
});

test.afterAll(async () => {
  await toolscope?.stop();
  await demo?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every file under the data dir (toolscope.db, its -wal and -shm, anything else) as raw bytes. */
function filesOnDisk(dir: string): { file: string; bytes: Buffer }[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .map((file) => ({ file: path.relative(dir, file), bytes: fs.readFileSync(file) }));
}

/** The files that contain `secret`, searched byte for byte (UTF-8, as SQLite stores text). */
function filesContaining(secret: string): string[] {
  const needle = Buffer.from(secret, "utf8");
  return filesOnDisk(dataDir)
    .filter(({ bytes }) => bytes.includes(needle))
    .map(({ file }) => file);
}

/** Every row of every table but `servers`, read with SQLite itself (WAL included). */
function rowsOutsideServers(): { table: string; text: string }[] {
  const db = new Database(path.join(dataDir, "toolscope.db"), { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[];
    return tables
      .filter(({ name }) => name !== "servers")
      .map(({ name }) => ({ table: name, text: JSON.stringify(db.prepare(`select * from "${name}"`).all()) }));
  } finally {
    db.close();
  }
}

test("a writeOnly password and a bearer header never reach the audit log on disk or its exports", async () => {
  test.setTimeout(90_000);
  const { baseUrl, headers } = toolscope!;
  const post = (pathname: string, body: unknown): Promise<Response> =>
    fetch(baseUrl + pathname, { method: "POST", headers, body: JSON.stringify(body) });

  // The bundled demo server (stdio): sign_in through the API and through the raw JSON-RPC route.
  expect((await fetch(`${baseUrl}/api/servers/demo/tools`, { headers })).status).toBe(200);
  const signIn = { username: "ada", password: PASSWORD, otp: "424242" };
  const _meta = { "com.example/api_key": META_KEY, "com.example/trace": "trace-7" };
  const viaApi = await (await post("/api/servers/demo/tools/sign_in/call", { arguments: signIn, _meta })).json();
  expect(viaApi).toMatchObject({ status: "ok", result: { content: [{ text: expect.stringContaining("Signed in as ada") }] } });
  const viaRpc = await (
    await post("/api/servers/demo/rpc", { method: "tools/call", params: { name: "sign_in", arguments: signIn, _meta } })
  ).json();
  expect(viaRpc).toMatchObject({ result: { content: [{ text: expect.stringContaining("Signed in as ada") }] } });

  // A Streamable HTTP server reached with a bearer header, and one call on it.
  const added = await post("/api/servers", {
    id: SECURED,
    type: "http",
    url: demo!.url,
    headers: { Authorization: `Bearer ${BEARER_TOKEN}` },
  });
  expect(added.status).toBe(201);
  expect((await fetch(`${baseUrl}/api/servers/${SECURED}/tools`, { headers })).status).toBe(200);
  const echo = await (await post(`/api/servers/${SECURED}/tools/echo/call`, { arguments: { message: "through the header" } })).json();
  expect(echo).toMatchObject({ status: "ok" });

  // The records are there, with the password replaced.
  const listed = (await (await fetch(`${baseUrl}/api/audit?limit=500`, { headers })).json()) as {
    records: { kind: string; tool_name: string; server_id: string; arguments: Record<string, unknown>; request_meta: unknown }[];
  };
  const signIns = listed.records.filter((r) => r.tool_name === "sign_in");
  expect(signIns).toHaveLength(2);
  for (const record of signIns) {
    expect(record.arguments).toEqual({ username: "ada", password: "[redacted]", otp: "[redacted]" });
    expect(record.request_meta).toEqual({ "com.example/api_key": "[redacted]", "com.example/trace": "trace-7" });
  }
  // Its one call, besides the record of the server being added.
  expect(listed.records.filter((r) => r.server_id === SECURED && r.kind === "call")).toHaveLength(1);

  // Exports of everything: neither secret, while the records themselves are in them.
  for (const format of ["jsonl", "csv"] as const) {
    const exported = await fetch(`${baseUrl}/api/audit/export?format=${format}`, { headers });
    expect(exported.status).toBe(200);
    const text = await exported.text();
    expect(text).toContain("sign_in");
    expect(text).toContain(SECURED);
    expect(text, `${format} export`).not.toContain(PASSWORD);
    expect(text, `${format} export`).not.toContain(META_KEY);
    expect(text, `${format} export`).not.toContain(BEARER_TOKEN);
  }

  const checkDisk = (when: string): void => {
    const files = filesOnDisk(dataDir).map(({ file }) => file);
    expect(files, when).toContain("toolscope.db");
    // The password and the key: in no byte of any file.
    expect(filesContaining(PASSWORD), `files with the password ${when}`).toEqual([]);
    expect(filesContaining(META_KEY), `files with the _meta key ${when}`).toEqual([]);
    // The header: the servers table keeps it encrypted (lib/crypto/secret-box.ts), so no byte of
    // any file has it either, and no other table has it.
    expect(filesContaining(BEARER_TOKEN), `files with the bearer token ${when}`).toEqual([]);
    const rows = rowsOutsideServers();
    expect(rows.map((r) => r.table)).toContain("audit_log");
    expect(rows.find((r) => r.table === "audit_log")?.text).toContain(SECURED);
    for (const { table, text } of rows) expect(text, `table ${table} ${when}`).not.toContain(BEARER_TOKEN);
  };
  checkDisk("while Toolscope runs");
  expect(fs.existsSync(path.join(dataDir, "toolscope.db-wal")), "the WAL is among the files searched").toBe(true);

  // And once it has stopped (SQLite may checkpoint the WAL into the main file on close).
  await toolscope!.stop();
  toolscope = undefined;
  checkDisk("after Toolscope stopped");
});
