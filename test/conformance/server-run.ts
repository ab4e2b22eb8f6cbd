// Running the conformance suite's server scenarios against an MCP endpoint: the CLI's
// `server --url <url> --scenario <name> --spec-version <wire>` on Node 22 (cli.ts has how it
// comes), several scenarios to a process (server-batch.mjs), in a process group of its own that
// is killed whole on a timeout. The CLI is the client here; it opens no port.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NODE_22, REPO_ROOT, type Check } from "./cli";

/** The wires a scenario can be played on: the 2025 revisions' stateful one, and 2026-07-28's stateless one. */
export type Wire = "2025-11-25" | "2026-07-28";

export type ServerRun = {
  /** The CLI's exit code for the scenario (1: a check failed), or undefined when it never finished. */
  code: number | undefined;
  /** What the CLI printed while it ran the scenario. */
  output: string;
  checks: Check[] | undefined;
  ms: number;
};

const BATCH = path.join(import.meta.dirname, "server-batch.mjs");
/** The CLI's own limit per scenario; the whole batch is given that much per scenario, and a little more. */
const SCENARIO_TIMEOUT_MS = 15_000;
const MARKER = /^### (\S+) exit (\d+) (\d+)$/;
/** The batches under way, by process group: a test that gives up on them (a hook's timeout) still ends them. */
const running = new Set<number>();

/** Kills every batch still running. */
export function stopServerScenarios(): void {
  for (const pgid of running) {
    try {
      process.kill(-pgid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  running.clear();
}

function checksIn(output: string): Check[] | undefined {
  const dir = /Results saved to (.+)$/m.exec(output)?.[1]?.trim();
  const file = dir && path.join(dir, "checks.json");
  return file && fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Check[]) : undefined;
}

/** Splits the batch's output at its markers: what each finished scenario printed, its exit code and time. */
function splitRuns(output: string, scenarios: string[]): Map<string, ServerRun> {
  const runs = new Map<string, ServerRun>();
  let lines: string[] = [];
  for (const line of output.split("\n")) {
    const end = MARKER.exec(line);
    if (!end) {
      lines.push(line);
      continue;
    }
    const text = lines.join("\n");
    runs.set(end[1]!, { code: Number(end[2]), output: text, checks: checksIn(text), ms: Number(end[3]) });
    lines = [];
  }
  const unfinished = scenarios.find((scenario) => !runs.has(scenario));
  if (unfinished) runs.set(unfinished, { code: undefined, output: lines.join("\n"), checks: undefined, ms: 0 });
  return runs;
}

/** Lists the server scenarios a CLI knows. */
export function listServerScenarios(cli: string): string[] {
  const out = execFileSync(NODE_22, [cli, "list", "--server"], {
    cwd: REPO_ROOT,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return [...out.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]!);
}

/** Runs the scenarios one after another on one wire; each scenario's run, even those the batch never reached. */
export async function runServerScenarios(cli: string, url: string, wire: Wire, scenarios: string[]): Promise<Map<string, ServerRun>> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-conformance-server-"));
  try {
    const child = spawn(NODE_22, [BATCH, cli, url, wire, outDir, String(SCENARIO_TIMEOUT_MS), ...scenarios], {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    // The markers are on stdout, with what the CLI logs; its stderr (errors, warnings) is kept apart.
    let output = "";
    let errors = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString("utf8")));
    running.add(child.pid!);
    const limit = (scenarios.length + 1) * SCENARIO_TIMEOUT_MS;
    const timer = setTimeout(() => {
      errors += `\n[test] the conformance CLI did not finish within ${limit} ms; killing it\n`;
      process.kill(-child.pid!, "SIGKILL");
    }, limit);
    await new Promise<void>((resolve) => {
      child.once("error", (error) => {
        errors += `\n[test] could not start the conformance CLI: ${error.message}\n`;
        resolve();
      });
      child.once("close", () => resolve());
    });
    clearTimeout(timer);
    running.delete(child.pid!);
    const runs = splitRuns(output, scenarios);
    if (errors.trim()) for (const run of runs.values()) run.output += `\n[the batch's stderr]\n${errors}`;
    return runs;
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
