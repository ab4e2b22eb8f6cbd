// "Test connection" connects for real and saves nothing: a real third-party server from npm
// answers with its name, revision and tools; a command that does not exist says so.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConnection } from "./connection-test";
import { registeredServers } from "./registry";
import { forgetProductSettings } from "@/test/product-settings";

const EVERYTHING = path.resolve(import.meta.dirname, "../../node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const savedEnv = { ...process.env };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-connection-test-"));

beforeAll(() => {
  forgetProductSettings();
  Object.assign(process.env, { TOOLSCOPE_DATA_DIR: dataDir, TOOLSCOPE_DEMO_SERVER: "off" });
});

afterAll(() => {
  process.env = savedEnv;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("testConnection", () => {
  it("connects to the server as it would be added, says what answered, and keeps nothing", async () => {
    const test = await testConnection({ id: "everything", command: process.execPath, args: [EVERYTHING, "stdio"] });
    expect(test).toMatchObject({
      ok: true,
      serverInfo: { name: expect.stringContaining("everything") },
      protocolVersion: expect.stringMatching(/^20\d\d-\d\d-\d\d$/),
      toolCount: expect.any(Number),
    });
    expect(test.ok && test.toolCount).toBeGreaterThan(5);
    expect((await registeredServers()).map((s) => s.config.id)).toEqual([]);
  });

  it("says why a command that does not exist cannot start", async () => {
    const test = await testConnection({ id: "nope", command: "toolscope-no-such-command-7f3", args: [] });
    expect(test).toMatchObject({ ok: false, status: "failed", error: expect.stringContaining("toolscope-no-such-command-7f3") });
  });

  it("refuses an entry that is not a server, as adding it would", async () => {
    await expect(testConnection({ id: "x" })).rejects.toMatchObject({ code: "bad_request:config" });
  });
});
