// Toolscope stopped by SIGTERM or SIGINT (shutdown.ts) with stdio servers connected: by the time
// its process has exited, no server it started is still running, whether the server stops when
// its stdin ends (the demo server), only on SIGTERM, or only on SIGKILL. Toolscope runs as a
// process of its own (test/toolscope-process.ts), whose children are read before the signal.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fixturePath, REPO_ROOT } from "@/test/fixtures/spawn";
import { programArgs } from "@/test/programs";
import { startToolscopeProcess, TOOLSCOPE_PROCESS_STARTUP_MS, type ToolscopeProcess } from "@/test/start-toolscope-process";

const survivors: number[] = [];
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-shutdown-"));
  const lingering = (mode: string): object => ({
    command: process.execPath,
    args: [...programArgs(fixturePath("lingering.ts")), mode],
    cwd: REPO_ROOT,
  });
  const mcpServers = { "ignores-eof": lingering("ignores-eof"), "ignores-sigterm": lingering("ignores-sigterm") };
  fs.writeFileSync(path.join(dir, "mcp.json"), JSON.stringify({ mcpServers }));
});

afterEach(() => {
  // Whatever a failing test left running.
  for (const pid of survivors.splice(0)) if (isAlive(pid)) process.kill(pid, "SIGKILL");
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

/** The stdio servers `pid` started, by the script each runs (not, say, a probe's sibling on its way out). */
function serversStartedBy(pid: number): { pid: number; script: string }[] {
  return (
    execFileSync("ps", ["-A", "-o", "pid=,ppid=,args="], { encoding: "utf8" })
      .split("\n")
      // The demo server runs from its sources, or bundled (.toolscope/demo-server.mjs) once built.
      .map((line) =>
        /^\s*(\d+)\s+(\d+)\s+.*?(demo-server\/cli|\.toolscope\/demo-server|fixtures\/lingering)\.(?:ts|mjs)\s+(\S+)/.exec(line),
      )
      .filter((match) => match !== null && Number(match[2]) === pid)
      .map((match) => ({
        pid: Number(match![1]),
        script: `${match![3] === ".toolscope/demo-server" ? "demo-server/cli" : match![3]} ${match![4]}`,
      }))
      .sort((a, b) => a.script.localeCompare(b.script))
  );
}

/** A Toolscope process with its own data dir, SQLite, the demo server and mcp.json's servers; resolves once all are connected. */
function startToolscope(name: string): Promise<ToolscopeProcess> {
  return startToolscopeProcess({
    TOOLSCOPE_DATA_DIR: fs.mkdtempSync(path.join(dir, `${name}-`)),
    TOOLSCOPE_CONFIG: path.join(dir, "mcp.json"),
    TOOLSCOPE_SHUTDOWN_GRACE_MS: "1000",
  });
}

describe("a signal stops Toolscope and every stdio server it started", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "%s: the servers are gone by the time Toolscope's process has exited",
    async (signal) => {
      const { child, output } = await startToolscope(signal);
      // The demo server, one that outlives its stdin, one that outlives SIGTERM too.
      const servers = serversStartedBy(child.pid!);
      survivors.push(child.pid!, ...servers.map((server) => server.pid));
      expect(
        servers.map((server) => server.script),
        output(),
      ).toEqual(["demo-server/cli stdio", "fixtures/lingering ignores-eof", "fixtures/lingering ignores-sigterm"]);
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.once("exit", (code, signal) => resolve({ code, signal })),
      );
      child.kill(signal);
      expect(await exited, output()).toEqual({ code: 0, signal: null });
      expect(
        servers.filter((server) => isAlive(server.pid)),
        output(),
      ).toEqual([]);
    },
    TOOLSCOPE_PROCESS_STARTUP_MS + 30_000,
  );
});
