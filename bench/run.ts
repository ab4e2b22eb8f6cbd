// `npm run bench`: every figure of the performance goals in one run, written to one JSON file.
// It runs Toolscope's own benches (call-latency, catalog-render) one after the other, and with
// --side-by-side also the shared harness that measures the official MCP Inspector in the same
// run (../shared/perf, or PERF_HARNESS). Benchmarks, not tests: the exit code says whether the
// run worked, never whether a goal was met.
//
//   npm run bench                      # about 10 minutes on 2 cores
//   npm run bench -- --quick           # about 4 minutes: fewer calls and loads
//   npm run bench -- --side-by-side    # also the Inspector, ~10 minutes more
//   npm run bench -- --out result.json
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { CatalogReport } from "./lib/catalog-report";
import {
  callFigures,
  catalogFigures,
  formatFigures,
  gatewayFigures,
  type GatewayReport,
  poisoningFigures,
  sideBySideFigures,
  type Figure,
  type PoisoningReport,
  type SideBySide,
} from "./lib/figures";
import { log, runBench } from "./lib/lifecycle";
import type { Report as CallReport } from "./lib/report";

const REPO_ROOT = path.resolve(import.meta.dirname, "..");
const USAGE = "Usage: npm run bench -- [--quick] [--side-by-side] [--out FILE]";

/** Runs one bench script under tsx; its stdout is the JSON report, its stderr goes to ours. */
function runScript(script: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(REPO_ROOT, "bench", script), ...args, "--json"], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`bench/${script} exited with ${code}`))));
  });
}

/** The shared harness, run from the repo root as its README says; answers its newest results file. */
async function runSideBySide(): Promise<SideBySide> {
  const harness = process.env.PERF_HARNESS ?? path.resolve(REPO_ROOT, "..", "shared", "perf");
  if (!fs.existsSync(path.join(harness, "run.sh"))) throw new Error(`No side-by-side harness at ${harness} (set PERF_HARNESS)`);
  const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-side-by-side-"));
  await new Promise<void>((resolve, reject) => {
    const child = spawn("bash", [path.join(harness, "run.sh")], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, PERF_TARGETS: process.env.PERF_TARGETS ?? "inspector,toolscope", PERF_RESULTS_DIR: resultsDir },
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`the side-by-side harness exited with ${code}`))));
  });
  const newest = fs
    .readdirSync(resultsDir)
    .filter((name) => /^run-.*\.json$/.test(name))
    .sort()
    .pop();
  if (!newest) throw new Error(`the side-by-side harness wrote no results to ${resultsDir}`);
  return JSON.parse(fs.readFileSync(path.join(resultsDir, newest), "utf8")) as SideBySide;
}

/** The commit measured; a fresh clone keeps its refs packed, so git answers rather than .git/refs. */
function commitOf(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { cwd: REPO_ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg, i) => !["--quick", "--side-by-side", "--out"].includes(arg) && args[i - 1] !== "--out");
  if (unknown.length > 0 || (args.includes("--out") && !args[args.indexOf("--out") + 1])) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (!fs.existsSync(path.join(REPO_ROOT, ".next", "BUILD_ID"))) {
    process.stderr.write("No production build: run `npm run build` first.\n");
    return 1;
  }
  const quick = args.includes("--quick");
  const when = new Date().toISOString();
  const out = args.includes("--out")
    ? path.resolve(args[args.indexOf("--out") + 1]!)
    : path.join(REPO_ROOT, "bench", "results", `bench-${when.replace(/[:.]/g, "-")}.json`);

  log("call latency and throughput (bench/call-latency.ts)");
  const calls = JSON.parse(
    await runScript("call-latency.ts", quick ? ["--calls", "500", "--throughput-calls", "1000", "--rounds", "2"] : []),
  ) as CallReport;
  log("agents through /mcp (bench/agent-gateway.ts)");
  const gateway = JSON.parse(await runScript("agent-gateway.ts", quick ? ["--calls", "40", "--rounds", "2"] : [])) as GatewayReport;
  log("catalog in Chromium (bench/catalog-render.ts)");
  const catalog = JSON.parse(
    await runScript("catalog-render.ts", ["--sizes", "1000,10000", ...(quick ? ["--loads", "1", "--runs", "2"] : [])]),
  ) as CatalogReport;
  log("poisoning scan on the labelled corpora (bench/poisoning.ts)");
  const corpora = fs
    .readdirSync(path.join(REPO_ROOT, "test", "fixtures", "poisoning"))
    .filter((name) => name.endsWith(".json"))
    .sort();
  const poisoning: PoisoningReport[] = [];
  for (const name of corpora)
    poisoning.push(
      JSON.parse(await runScript("poisoning.ts", ["--corpus", path.join("test", "fixtures", "poisoning", name)])) as PoisoningReport,
    );
  let sideBySide: SideBySide | null = null;
  if (args.includes("--side-by-side")) {
    log("side by side with the MCP Inspector (the shared harness)");
    sideBySide = await runSideBySide();
  }

  const figures: Figure[] = [
    ...catalogFigures(catalog),
    ...callFigures(calls),
    ...gatewayFigures(gateway),
    ...poisoningFigures(poisoning),
    ...(sideBySide ? sideBySideFigures(sideBySide) : []),
  ];
  const machine = { cpus: os.cpus().length, loadAverage: os.loadavg(), node: process.version, platform: `${os.type()} ${os.release()}` };
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    `${JSON.stringify({ when, commit: commitOf(), quick, machine, figures, reports: { calls, gateway, catalog, poisoning, sideBySide } }, null, 2)}\n`,
  );
  process.stdout.write(`\n${formatFigures(figures)}\n\nAll figures and the reports they come from: ${path.relative(process.cwd(), out)}\n`);
  return 0;
}

await runBench("run", main);
