// A Toolscope of a test's own, apart from the one playwright.config.ts starts: the built
// server (.toolscope/server.mjs) on another port, with its own data dir and SQLite audit log. It
// runs in a process group of its own, so that it and the stdio servers it spawns can be
// stopped, or killed as in a crash, together.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect } from "./test";

const REPO_ROOT = path.resolve(import.meta.dirname, "..");

export type OwnToolscope = {
  baseUrl: string;
  /** Headers a script sends: JSON, and the Origin of Toolscope itself. */
  headers: Record<string, string>;
  /** Signals the whole process group (the server and its children). */
  signal: (signal: NodeJS.Signals) => void;
  /** Resolves once the next process has exited. */
  exited: Promise<void>;
  /** SIGTERM, then SIGKILL for whatever is left after 5 s. */
  stop: () => Promise<void>;
};

export type OwnToolscopeOptions = {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  /** Where its output (stdout and stderr) goes; by default nowhere. */
  logFile?: string;
  /** Next in development mode, as `npm run dev` serves it (the same bundle, with --dev). */
  dev?: boolean;
  /** How long it may take to answer /api/health: 45 s, or 150 s in development (it compiles first). */
  readyTimeoutMs?: number;
};

export async function startOwnToolscope({
  port,
  dataDir,
  env = {},
  logFile,
  dev = false,
  readyTimeoutMs = dev ? 150_000 : 45_000,
}: OwnToolscopeOptions): Promise<OwnToolscope> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    TOOLSCOPE_DATA_DIR: dataDir,
    TOOLSCOPE_DEMO_SERVER: "off",
    NEXT_TELEMETRY_DISABLED: "1",
    ...(dev ? { NODE_ENV: "development" } : {}),
    ...env,
  };
  // SQLite in the data dir, whatever the shell points at, unless the test names a database.
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  // The server under node itself (not npx): its pid leads the group.
  childEnv.TOOLSCOPE_PORT = String(port);
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO_ROOT, ".toolscope", "server.mjs"), ...(dev ? ["--dev"] : [])], {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: logFile ? ["ignore", fs.openSync(logFile, "a"), fs.openSync(logFile, "a")] : "ignore",
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (sig: NodeJS.Signals): void => {
    try {
      if (child.pid) process.kill(-child.pid, sig);
    } catch {
      // ESRCH: the group is gone already.
    }
  };
  const stop = async (): Promise<void> => {
    signal("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    signal("SIGKILL");
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await expect
      .poll(async () => (await fetch(`${baseUrl}/api/health`).catch(() => null))?.status, { timeout: readyTimeoutMs, intervals: [250] })
      .toBe(200);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, headers: { "content-type": "application/json", origin: baseUrl }, signal, exited, stop };
}
