// Saved calls against the bundled demo server, with people: who sees, changes and runs what,
// whose runs each person reads, and that a secret is left out on every way in.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditStore } from "@/lib/audit";
import type { Caller } from "@/lib/domain/roles";
import { database } from "@/lib/db";
import { runCollection, runSavedCall } from "./run-saved";
import { createCollection, createSavedCall, deleteSavedCall, getCollection, getSavedCall, listSaved, updateSavedCall } from "./saved-calls";
import { CollectionInputSchema, SavedCallInputSchema } from "@/lib/domain/saved-shapes";
import { exportCollection, importCollection } from "./transfer";
import { forgetProductSettings } from "@/test/product-settings";

const savedEnv = { ...process.env };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-saved-lib-"));

const person = (userId: string, name: string, role: Caller["role"]): Caller => ({
  actor: name,
  clientIp: "127.0.0.1",
  userId,
  name,
  email: `${userId}@example.com`,
  role,
  groups: [],
  authMethod: "password",
  tokenName: null,
  scopes: null,
  sessionId: null,
});
const ADA = person("ada", "Ada", "operator");
const OLGA = person("olga", "Olga", "operator");
const ADMIN = person("root", "Root", "admin");
const AUDITOR = person("aud", "Audrey", "auditor");
const LOCAL: Caller = { ...person("x", "Local user", "admin"), userId: null, email: null, authMethod: "local" };
const SECRET = "correct horse battery staple";

const save = (caller: Caller, input: Record<string, unknown>) => createSavedCall(SavedCallInputSchema.parse(input), caller);

beforeAll(async () => {
  forgetProductSettings();
  Object.assign(process.env, { TOOLSCOPE_DATA_DIR: dataDir, TOOLSCOPE_DEMO_SERVER: "on" });
}, 60_000);

afterAll(async () => {
  const { allConnections } = await import("@/lib/mcp/pool");
  await Promise.all((await allConnections()).map((connection) => connection.close()));
  process.env = savedEnv;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function everythingStored(): Promise<string> {
  const db = await database();
  const rows = await Promise.all(
    (["saved_calls", "collections", "collection_calls", "saved_call_runs"] as const).map((t) => db.selectFrom(t).selectAll().execute()),
  );
  return JSON.stringify(rows);
}

describe("saved calls with people", () => {
  it("keeps a private call to its owner and lets others see, not change, a shared one", async () => {
    const { savedCall: mine } = await save(ADA, { name: "Ada's echo", serverId: "demo", toolName: "echo", arguments: { message: "hi" } });
    expect(mine).toMatchObject({ visibility: "private", ownerName: "Ada", mine: true });
    await expect(getSavedCall(mine.id, OLGA)).rejects.toMatchObject({ code: "not_found:saved_call" });
    // An admin manages shared things, not someone's private ones.
    await expect(getSavedCall(mine.id, ADMIN)).rejects.toMatchObject({ code: "not_found:saved_call" });
    expect((await listSaved(OLGA)).savedCalls.map((c) => c.id)).not.toContain(mine.id);

    await updateSavedCall(mine.id, { visibility: "shared" }, ADA);
    expect((await getSavedCall(mine.id, OLGA)).savedCall).toMatchObject({ visibility: "shared", mine: false });
    await expect(updateSavedCall(mine.id, { name: "Olga's now" }, OLGA)).rejects.toMatchObject({ code: "forbidden:saved" });
    await expect(deleteSavedCall(mine.id, OLGA)).rejects.toMatchObject({ code: "forbidden:saved" });
    expect((await updateSavedCall(mine.id, { name: "Renamed by an admin" }, ADMIN)).savedCall.name).toBe("Renamed by an admin");
    await deleteSavedCall(mine.id, ADA);
    await expect(getSavedCall(mine.id, ADA)).rejects.toMatchObject({ code: "not_found:saved_call" });
  });

  it("shares what local mode's one user saves, and refuses a tool the server does not have", async () => {
    const { savedCall } = await save(LOCAL, { name: "Local", serverId: "demo", toolName: "echo", visibility: "private" });
    expect(savedCall.visibility).toBe("shared");
    await expect(save(ADA, { name: "Nope", serverId: "demo", toolName: "no_such_tool" })).rejects.toMatchObject({ code: "not_found:tool" });
    await expect(save(ADA, { name: "Nope", serverId: "nowhere", toolName: "echo" })).rejects.toMatchObject({ code: "not_found:server" });
  });

  it("never stores a secret: saved, updated, run or imported", async () => {
    const { savedCall } = await save(ADA, {
      name: "Sign in",
      serverId: "demo",
      toolName: "sign_in",
      arguments: { username: "ada", password: SECRET },
      checks: [{ kind: "no_error" }],
    });
    expect(savedCall.secretFields).toEqual(["/password"]);
    await updateSavedCall(savedCall.id, { arguments: { username: "ada2", password: SECRET } }, ADA);
    const missing = await runSavedCall(savedCall.id, { secrets: {} }, ADA);
    expect(missing.savedCall.runs[0]).toMatchObject({ outcome: "not_run", passed: false, auditId: null });
    expect(missing.savedCall.runs[0]!.error).toContain("/password");
    const ran = await runSavedCall(savedCall.id, { secrets: { "/password": SECRET } }, ADA);
    expect(ran.savedCall.runs[0]).toMatchObject({ outcome: "ok", passed: true });
    expect(ran.savedCall.runs[1]).toMatchObject({ outcome: "not_run" });

    const { collection } = await createCollection(CollectionInputSchema.parse({ name: "Ada's", savedCallIds: [savedCall.id] }), ADA);
    const file = await exportCollection(collection.id, ADA);
    // A hand-edited file with the password put back in: it is left out again on import.
    file.calls[0]!.arguments = { username: "ada", password: SECRET };
    file.calls[0]!.secretFields = [];
    const imported = await importCollection(file, ADA);
    expect(imported.collection.calls[0]!.arguments).toEqual({ username: "ada", password: "[redacted]" });
    expect(await everythingStored()).not.toContain(SECRET);
  });

  it("shows each person their own runs' results, and an auditor everyone's", async () => {
    const { savedCall } = await save(ADA, {
      name: "Shared echo",
      serverId: "demo",
      toolName: "echo",
      arguments: { message: "from a shared call" },
      visibility: "shared",
    });
    await runSavedCall(savedCall.id, { secrets: {} }, ADA);
    expect((await getSavedCall(savedCall.id, OLGA)).savedCall.runs).toEqual([]);
    const audited = (await getSavedCall(savedCall.id, AUDITOR)).savedCall.runs;
    expect(audited).toHaveLength(1);
    // The call's audit record says which saved call made it.
    const record = await (await auditStore()).getInvocation(audited[0]!.auditId!);
    expect(record?.via).toBe(`saved:${savedCall.id}`);
    expect(JSON.stringify(audited[0]!.response)).toContain("from a shared call");
    await runSavedCall(savedCall.id, { secrets: {} }, OLGA);
    const olgas = (await getSavedCall(savedCall.id, OLGA)).savedCall.runs;
    expect(olgas.map((r) => r.actorName)).toEqual(["Olga"]);
  });

  it("runs a collection in order, leaving out calls the runner may not see, and counts failures", async () => {
    const { savedCall: pass } = await save(OLGA, { name: "Echo", serverId: "demo", toolName: "echo", arguments: { message: "x" } });
    const { savedCall: fail } = await save(OLGA, {
      name: "Failing tool",
      serverId: "demo",
      toolName: "fail_tool",
      arguments: { reason: "on purpose" },
      checks: [{ kind: "no_error" }],
    });
    const { collection } = await createCollection(
      CollectionInputSchema.parse({ name: "Olga's smoke", visibility: "shared", savedCallIds: [pass.id, fail.id] }),
      OLGA,
    );
    const report = await runCollection(collection.id, { secrets: {} }, OLGA);
    expect(report.calls.map((c) => [c.name, c.outcome, c.passed])).toEqual([
      ["Echo", "ok", true],
      ["Failing tool", "tool_error", false],
    ]);
    expect(report).toMatchObject({ totals: { calls: 2, passed: 1, failed: 1 }, ok: false });
    // Ada sees the shared collection but not Olga's private calls in it.
    expect((await getCollection(collection.id, ADA)).collection).toMatchObject({ calls: [], hiddenCalls: 2 });
    expect((await runCollection(collection.id, { secrets: {} }, ADA)).totals).toEqual({ calls: 0, passed: 0, failed: 0 });
  });

  it("saves a resource read and a prompt get, runs them alone and in a collection, and carries them in a file", async () => {
    const { savedCall: read } = await save(ADA, {
      name: "Visitors report",
      serverId: "demo",
      kind: "resource_read",
      toolName: "demo://files/report.csv",
      checks: [{ kind: "contains", path: "$.contents[0].text", value: "February" }],
    });
    expect(read).toMatchObject({
      kind: "resource_read",
      toolName: "demo://files/report.csv",
      arguments: { uri: "demo://files/report.csv" },
    });
    const { savedCall: get } = await save(ADA, {
      name: "Short summary",
      serverId: "demo",
      kind: "prompt_get",
      toolName: "summarize_report",
      arguments: { style: "short", api_key: SECRET },
      checks: [{ kind: "equals", path: "$.messages[0].role", value: "user" }, { kind: "output_schema" }],
    });
    // A secret-looking argument is left out, as for a tool call, and asked for at run time.
    expect(get.secretFields).toEqual(["/api_key"]);
    expect(await everythingStored()).not.toContain(SECRET);
    await expect(
      save(ADA, { name: "x", serverId: "demo", kind: "prompt_get", toolName: "summarize_report", arguments: { style: 3 } }),
    ).rejects.toThrow(/A prompt's arguments are text: style is not/);

    const ranRead = (await runSavedCall(read.id, { secrets: {} }, ADA)).savedCall.runs[0]!;
    expect(ranRead).toMatchObject({ outcome: "ok", passed: true, response: null });
    expect(ranRead.answer?.result).toMatchObject({
      contents: [{ uri: "demo://files/report.csv", text: expect.stringContaining("March") }],
    });
    const ranGet = (await runSavedCall(get.id, { secrets: { "/api_key": SECRET } }, ADA)).savedCall.runs[0]!;
    expect(ranGet).toMatchObject({ outcome: "ok", passed: false });
    expect(ranGet.checks.map((c) => [c.passed, c.message])).toEqual([
      [true, 'Found "user"'],
      [false, "Nothing was checked: only a tool call has an output schema"],
    ]);
    // Each run is in the audit log as what it was, made from the saved call.
    const { getAuditEntry } = await import("@/lib/audit/query");
    const { readerOf } = await import("@/lib/audit/visibility");
    expect((await getAuditEntry(ranRead.auditId!, readerOf(ADMIN))).record).toMatchObject({
      kind: "resource_read",
      via: `saved:${read.id}`,
    });

    const { collection } = await createCollection(
      CollectionInputSchema.parse({ name: "Reads and gets", savedCallIds: [read.id, get.id] }),
      ADA,
    );
    const report = await runCollection(collection.id, { secrets: { [get.id]: { "/api_key": SECRET } } }, ADA);
    expect(report.calls.map((c) => [c.kind, c.toolName, c.outcome, c.changedSincePrevious])).toEqual([
      ["resource_read", "demo://files/report.csv", "ok", 0],
      ["prompt_get", "summarize_report", "ok", 0],
    ]);
    const file = await exportCollection(collection.id, ADA);
    expect(file).toMatchObject({ version: 2, calls: [{ kind: "resource_read" }, { kind: "prompt_get", secretFields: ["/api_key"] }] });
    const { collection: imported } = await importCollection(file, ADA);
    expect(imported.calls.map((c) => [c.kind, c.toolName, c.arguments])).toEqual([
      ["resource_read", "demo://files/report.csv", { uri: "demo://files/report.csv" }],
      ["prompt_get", "summarize_report", { style: "short", api_key: "[redacted]" }],
    ]);
    // A version 1 file (before reads and gets) is read as tool calls.
    const old = { ...file, version: 1, calls: [{ name: "Echo", server: "demo", tool: "echo", arguments: { message: "x" } }] };
    expect((await importCollection(old, ADA)).collection.calls[0]).toMatchObject({ kind: "call", toolName: "echo" });
  });
});
