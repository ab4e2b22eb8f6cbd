// A task's result and its Cancel belong to whoever started it, as a call's do: another operator
// who learns the task id reads no result and cancels nothing. Against server-everything (npm).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "@/lib/domain/roles";
import { addServer } from "@/lib/mcp/servers";
import { closeAllConnections } from "@/lib/mcp/pool";
import { stdioCommand } from "@/test/fixtures/spawn";
import { cancelToolTask, getToolTaskResult, startToolTask } from "./tasks";
import { forgetProductSettings } from "@/test/product-settings";

const savedEnv = { ...process.env };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-tasks-owner-"));
const person = (userId: string, role: Caller["role"]): Caller => ({
  actor: userId,
  clientIp: null,
  userId,
  name: userId,
  email: null,
  role,
  groups: [],
  authMethod: "password",
  tokenName: null,
  scopes: null,
  sessionId: null,
});
const olga = person("olga", "operator");
const bob = person("bob", "operator");
const auditor = person("ada", "auditor");

beforeAll(async () => {
  forgetProductSettings();
  Object.assign(process.env, { TOOLSCOPE_DATA_DIR: dataDir, TOOLSCOPE_DEMO_SERVER: "off" });
  await addServer("everything", stdioCommand("everything.ts", "stdio"));
}, 60_000);

afterAll(async () => {
  await closeAllConnections();
  process.env = savedEnv;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a task started by one operator", () => {
  it("gives its result to them (and auditors), and its Cancel to them, not to another operator", async () => {
    const started = await startToolTask({
      serverId: "everything",
      toolName: "simulate-research-query",
      arguments: { topic: "tides" },
      caller: olga,
    });
    if (!("task" in started)) throw new Error(`no task: ${JSON.stringify(started)}`);
    const ref = { serverId: "everything", taskId: started.task.taskId };
    await expect(getToolTaskResult(ref, bob)).rejects.toMatchObject({ code: "not_found:task" });
    await expect(cancelToolTask(ref, bob)).rejects.toMatchObject({ code: "not_found:task" });
    const result = await getToolTaskResult(ref, olga);
    expect(result).toMatchObject({ status: "ok", auditId: started.auditId });
    expect(await getToolTaskResult(ref, auditor)).toMatchObject({ status: "ok" });
  }, 60_000);
});
