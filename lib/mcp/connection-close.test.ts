// A stdio server closed (removed, reconfigured) while Toolscope is still connecting to it: its
// processes must end at once, not when the 20 s connect timeout would have given up, and no
// retry may start it again. The server is a few lines of node that write each process's pid
// to a file and never answer `initialize`; one kind also stays silent to the version probe,
// which the SDK sends from a short-lived sibling process before it starts the real one.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ServerConnection } from "./connection";
import { ServerConfigSchema } from "../domain/server-config";
import { forgetProductSettings } from "@/test/product-settings";

/**
 * argv[1]: the file each process appends its pid to; argv[2]: "silent", "legacy" (refuses
 * server/discover, so the real process starts at once) or "no-tools" (legacy, answers
 * `initialize` and refuses tools/list).
 */
const STUB_SERVER = `
const fs = require("node:fs");
fs.appendFileSync(process.argv[1], process.pid + "\\n");
let buffered = "";
process.stdin.on("data", (chunk) => {
  buffered += chunk;
  for (let end = buffered.indexOf("\\n"); end >= 0; end = buffered.indexOf("\\n")) {
    const line = buffered.slice(0, end);
    buffered = buffered.slice(end + 1);
    let message;
    try { message = JSON.parse(line); } catch { continue; }
    if (process.argv[2] === "silent" || !("id" in message)) continue;
    const answer = (reply) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", id: message.id, ...reply }) + "\\n");
    if (message.method === "server/discover") answer({ error: { code: -32601, message: "Method not found" } });
    if (process.argv[2] !== "no-tools") continue;
    if (message.method === "initialize") {
      const { protocolVersion } = message.params;
      answer({ result: { protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "no-tools", version: "1" } } });
    }
    if (message.method === "tools/list") answer({ error: { code: -32603, message: "No tools today" } });
  }
});
// Still running when stdin ends: only a signal stops it.
process.stdin.on("end", () => undefined);
setInterval(() => undefined, 1000);
`;

/** How long the processes may take to go: the SDK ends stdin, waits 2 s, then sends SIGTERM. */
const GONE_WITHIN_MS = 5_000;
/** Longer than the first retry's backoff (1 s), so a retry would have spawned by then. */
const NO_RESPAWN_MS = 2_500;

let dir: string;
let counter = 0;
const started: number[] = [];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-close-"));
});

afterEach(() => {
  // Whatever a failing test left running.
  for (const pid of started.splice(0)) if (isAlive(pid)) process.kill(pid, "SIGKILL");
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw error;
  }
}

/** A fresh pid file and the stdio entry of a server that writes to it. */
function stubServer(kind: "silent" | "legacy" | "no-tools"): { pidFile: string; entry: { command: string; args: string[] } } {
  const pidFile = path.join(dir, `pids-${++counter}`);
  fs.writeFileSync(pidFile, "");
  return { pidFile, entry: { command: process.execPath, args: ["-e", STUB_SERVER, pidFile, kind] } };
}

function pidsIn(file: string): number[] {
  const pids = fs.readFileSync(file, "utf8").split("\n").filter(Boolean).map(Number);
  for (const pid of pids) if (!started.includes(pid)) started.push(pid);
  return pids;
}

/** Waits until `count` processes have started; answers their pids. */
async function waitForProcesses(pidFile: string, count: number): Promise<number[]> {
  await expect.poll(() => pidsIn(pidFile).length, { timeout: 15_000, interval: 50 }).toBeGreaterThanOrEqual(count);
  const pids = pidsIn(pidFile);
  expect(pids.filter(isAlive).length).toBeGreaterThan(0);
  return pids;
}

async function expectAllGoneAndNoRespawn(pidFile: string): Promise<void> {
  await expect.poll(() => pidsIn(pidFile).filter(isAlive), { timeout: GONE_WITHIN_MS, interval: 50 }).toEqual([]);
  const seen = pidsIn(pidFile).length;
  await new Promise((resolve) => setTimeout(resolve, NO_RESPAWN_MS));
  expect(pidsIn(pidFile).length).toBe(seen);
  expect(pidsIn(pidFile).filter(isAlive)).toEqual([]);
}

describe("closing a stdio connection while it connects", () => {
  function connectionTo(entry: { command: string; args: string[] }): ServerConnection {
    const config = ServerConfigSchema.parse({ id: `hanging-${counter}`, name: "Hanging", transport: "stdio", ...entry });
    return new ServerConnection(config, "database", 60_000);
  }

  it("ends the probe's process and starts no other when closed during the version probe", async () => {
    const { pidFile, entry } = stubServer("silent");
    const connection = connectionTo(entry);
    const connecting = connection.ready();
    connecting.catch(() => undefined);
    await waitForProcesses(pidFile, 1);
    await connection.close();
    await expectAllGoneAndNoRespawn(pidFile);
    await expect(connecting).rejects.toThrow(/was removed/);
    expect(connection.snapshot().status).toBe("closed");
  });

  it("ends the server's process when closed while `initialize` goes unanswered", async () => {
    const { pidFile, entry } = stubServer("legacy");
    const connection = connectionTo(entry);
    const connecting = connection.ready();
    connecting.catch(() => undefined);
    // The probe's sibling, then the process `initialize` is sent to.
    await waitForProcesses(pidFile, 2);
    await connection.close();
    await expectAllGoneAndNoRespawn(pidFile);
    await expect(connecting).rejects.toThrow(/was removed/);
    expect(connection.snapshot().status).toBe("closed");
  });
});

describe("a connect that fails after the handshake", () => {
  it("ends the server's process before the next attempt starts another", async () => {
    const { pidFile, entry } = stubServer("no-tools");
    const config = ServerConfigSchema.parse({ id: "no-tools", name: "No tools", transport: "stdio", ...entry });
    const connection = new ServerConnection(config, "database", 60_000);
    try {
      await expect(connection.ready()).rejects.toThrow(/No tools today/);
      // The probe's sibling and the process that answered `initialize`: both gone, not left
      // running beside the ones each retry starts.
      const first = pidsIn(pidFile).slice(0, 2);
      expect(first).toHaveLength(2);
      await expect.poll(() => first.filter(isAlive), { timeout: GONE_WITHIN_MS, interval: 50 }).toEqual([]);
    } finally {
      await connection.close();
    }
    await expectAllGoneAndNoRespawn(pidFile);
  });
});

describe("removing a stdio server while it connects", () => {
  const savedEnv = { ...process.env };
  let dataDir: string;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-remove-"));
    forgetProductSettings();
    Object.assign(process.env, { TOOLSCOPE_DATA_DIR: dataDir, TOOLSCOPE_DEMO_SERVER: "off", TOOLSCOPE_STDIO: "on" });
  });

  afterAll(async () => {
    const { allConnections } = await import("./pool");
    await Promise.all((await allConnections()).map((connection) => connection.close()));
    process.env = savedEnv;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("ends the server's process and does not start it again", async () => {
    const { addServer, removeServer, listServerSnapshots } = await import("./servers");
    const { pidFile, entry } = stubServer("legacy");
    const added = await addServer("hanging", { name: "Hanging", ...entry });
    expect(added.status).toBe("connecting");
    await waitForProcesses(pidFile, 2);
    await removeServer("hanging");
    expect((await listServerSnapshots()).map((s) => s.id)).not.toContain("hanging");
    await expectAllGoneAndNoRespawn(pidFile);
  });
});
