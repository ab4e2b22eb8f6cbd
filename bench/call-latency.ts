// Benchmark (not a test): what Toolscope adds to a tools/call. In one run, the same "echo"
// call on the same demo server (its own process, or --demo in-process) goes (1) straight from
// the SDK v2 client, (2) through the floor proxy, a bare HTTP server in front of the same SDK
// client (the least any proxy adds on this machine), and (3) through Toolscope's HTTP API on a
// production server, audit log included; it prints latency percentiles, throughput with N calls
// in flight, and the differences between them.
//
//   npx tsx bench/call-latency.ts [--calls N] [--concurrency N] [--demo process|in-process] [--base-url URL] [--json]
//
// See bench/README.md for what is measured and how to read it.
import os from "node:os";
import path from "node:path";
import { startDemoHttpServer } from "../lib/demo-server/http";
import { cpuDuring, groupCpuMs, ownCpuMs, processCpuMs, type CpuSources } from "./lib/cpu";
import { startDemoProcess, startFloorProxy } from "./lib/demo-process";
import { connectDirect } from "./lib/direct";
import { callsPerSecond, concurrent, sequential, splitIntoRounds, summarize, type Call, type ThroughputRun } from "./lib/measure";
import { parseOptions, USAGE, type BenchOptions } from "./lib/options";
import { buildReport, FLOOR_PROXY_CPU, formatReport, TOOLSCOPE_CPU, type PathResult } from "./lib/report";
import { log, onCleanup, runBench } from "./lib/lifecycle";
import { fetchEchoCall, launchToolscope, ToolscopeApi } from "./lib/toolscope";

const REPO_ROOT = path.resolve(import.meta.dirname, "..");

type Paths = { direct: Call; floor: Call; toolscope: Call };
type Name = keyof Paths;
const NAMES: Name[] = ["direct", "floor", "toolscope"];

/**
 * Runs every path in `rounds` turns, rotating which goes first (direct, floor, Toolscope; then
 * floor, Toolscope, direct; ...), so a drift in the shared machine's load lands on all of them.
 */
async function alternate<T>(rounds: number[], run: (name: Name, count: number) => Promise<T>): Promise<Record<Name, T[]>> {
  const results: Record<Name, T[]> = { direct: [], floor: [], toolscope: [] };
  for (const [i, count] of rounds.entries()) {
    const order = NAMES.map((_, k) => NAMES[(i + k) % NAMES.length]!);
    for (const name of order) results[name].push(await run(name, count));
  }
  return results;
}

async function measure(paths: Paths, options: BenchOptions, cpu: CpuSources): Promise<Record<Name, Omit<PathResult, "protocolVersion">>> {
  if (options.warmup > 0) {
    log(`warm-up: ${options.warmup} sequential and ${options.warmup} concurrent calls per path`);
    for (const name of NAMES) {
      await sequential(paths[name], options.warmup);
      // Opens the connections the throughput run will use, so it does not time TCP set-up.
      await concurrent(paths[name], options.warmup, options.concurrency);
    }
  }
  log(`latency: ${options.calls} sequential calls per path in ${options.rounds} rotating rounds`);
  const latency = await alternate(splitIntoRounds(options.calls, options.rounds), (name, count) => sequential(paths[name], count));
  log(`throughput: ${options.throughputCalls} calls per path, ${options.concurrency} in flight`);
  const throughput = await alternate(splitIntoRounds(options.throughputCalls, options.rounds), (name, count) =>
    cpuDuring(cpu, () => concurrent(paths[name], count, options.concurrency)),
  );
  const result = (name: Name): Omit<PathResult, "protocolVersion"> => {
    const runs: ThroughputRun[] = throughput[name].map((r) => r.result);
    const calls = runs.reduce((sum, r) => sum + r.calls, 0);
    const cpuPerCall: Record<string, number | null> = {};
    for (const source of Object.keys(cpu)) {
      const spent = throughput[name].map((r) => r.cpuMs[source]);
      cpuPerCall[source] = spent.every((ms) => ms !== undefined) ? spent.reduce((a, b) => a + b!, 0)! / calls : null;
    }
    return {
      sequential: summarize(latency[name].flat()),
      throughput: { callsPerSecond: callsPerSecond(runs), underLoad: summarize(runs.flatMap((r) => r.latencies)), cpuPerCall },
    };
  };
  return { direct: result("direct"), floor: result("floor"), toolscope: result("toolscope") };
}

async function main(): Promise<number> {
  let options: BenchOptions | undefined;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
    return 2;
  }
  if (!options) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }

  const demo = options.demo === "process" ? await startDemoProcess(REPO_ROOT) : await startDemoHttpServer({});
  onCleanup(() => demo.close());
  log(`demo MCP server on ${demo.url} (${options.demo === "process" ? "its own process" : "in the bench process"})`);

  let baseUrl = options.baseUrl;
  // Where the CPU of a call goes, per process (the Toolscope row only when the bench started it).
  const cpu: CpuSources = { [options.demo === "process" ? "bench client" : "bench client + demo server"]: ownCpuMs };
  if (!baseUrl) {
    const launched = await launchToolscope(REPO_ROOT, log);
    if (!launched) {
      process.stderr.write(
        `There is no production build in ${path.join(REPO_ROOT, ".next")}.\n` +
          "Run `npm run build` (or `npm start` once) first, or pass --base-url http://127.0.0.1:3000 to use a running Toolscope.\n",
      );
      return 1;
    }
    onCleanup(launched.stop);
    await launched.ready;
    baseUrl = launched.baseUrl;
    const group = launched.processGroup;
    if (group !== undefined) cpu[TOOLSCOPE_CPU] = () => groupCpuMs(group);
  }
  if ("pid" in demo && demo.pid !== undefined) {
    const pid = demo.pid;
    cpu["demo server"] = () => processCpuMs(pid);
  }

  const api = new ToolscopeApi(baseUrl);
  const health = await api.health();
  await api.register(demo.url);
  onCleanup(() => api.unregister());
  const snapshot = await api.waitReady();
  const direct = await connectDirect(demo.url);
  onCleanup(direct.close);
  const floor = await startFloorProxy(REPO_ROOT, demo.url);
  onCleanup(floor.close);
  log(`floor proxy on ${floor.url} (its own process: the SDK client behind a bare HTTP server)`);
  if (floor.pid !== undefined) {
    const pid = floor.pid;
    cpu[FLOOR_PROXY_CPU] = () => processCpuMs(pid);
  }
  if (direct.protocolVersion !== snapshot.protocolVersion) {
    log(`warning: the paths speak different revisions (direct ${direct.protocolVersion}, Toolscope ${snapshot.protocolVersion})`);
  }

  const floorCall = fetchEchoCall(`${floor.url}/tools/echo/call`, { "content-type": "application/json" }, "The floor proxy");
  const measured = await measure({ direct: direct.call, floor: floorCall, toolscope: api.echoCall() }, options, cpu);
  const auditOutcome = await api.lastAuditOutcome();
  if (auditOutcome !== "ok") log(`warning: the newest audit record of "bench" has outcome ${String(auditOutcome)}, expected ok`);

  const report = buildReport(
    {
      calls: options.calls,
      warmup: options.warmup,
      concurrency: options.concurrency,
      throughputCalls: options.throughputCalls,
      rounds: options.rounds,
      protocol: snapshot.protocolVersion ?? "unknown",
      audit: health.database ?? "unknown",
      toolscope: options.baseUrl ? options.baseUrl : ".toolscope/server.mjs",
      demo: options.demo,
      node: process.version,
      cpus: os.cpus().length,
    },
    { protocolVersion: direct.protocolVersion, ...measured.direct },
    // The floor proxy negotiates on its own (the same client options as direct); it does not say which.
    { protocolVersion: undefined, ...measured.floor },
    { protocolVersion: snapshot.protocolVersion ?? undefined, ...measured.toolscope },
  );
  process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : `\n${formatReport(report)}\n`);
  return 0;
}

await runBench("call-latency", main);
