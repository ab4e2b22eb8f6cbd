// Benchmark (not a test): Toolscope under steady load for minutes, for what a short run cannot show —
// memory that only grows, latency that drifts, records that go missing (issue 49). The audited echo of
// the demo server (its own process) with N calls in flight for --seconds; every --window seconds the
// window's calls/s and p50/p99 and Toolscope's resident memory (/proc) are written down. At the end the
// audit log must hold one `ok` record for every call that was answered, and the report compares the
// last windows with the first ones.
//
//   npx tsx bench/soak.ts [--seconds 180] [--window 10] [--concurrency 16] [--json]
//
// Needs a production build (npm run build). See bench/README.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { flagReader, log, positiveInt, runBench } from "./lib/lifecycle";
import { percentile } from "./lib/measure";
import { toolscopeWithDemo } from "./lib/toolscope";

const REPO_ROOT = path.resolve(import.meta.dirname, "..");
const USAGE = "Usage: npx tsx bench/soak.ts [--seconds 180] [--window 10] [--concurrency 16] [--json]";

type Options = { seconds: number; window: number; concurrency: number; json: boolean };
type Window = { at: number; calls: number; callsPerSecond: number; p50Ms: number; p99Ms: number; rssMiB: number | null };

function parse(argv: string[]): Options | undefined {
  const value = flagReader(argv);
  if (!value) return undefined;
  return {
    seconds: positiveInt("seconds", value("--seconds"), 180),
    window: positiveInt("window", value("--window"), 10),
    concurrency: positiveInt("concurrency", value("--concurrency"), 16),
    json: argv.includes("--json"),
  };
}

/** Resident memory of a process group's leader, in MiB (Linux). */
function rssMiB(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kib === undefined ? null : Number(kib) / 1024;
  } catch {
    return null;
  }
}

await runBench("soak", async () => {
  const options = parse(process.argv.slice(2));
  if (!options) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const started = await toolscopeWithDemo(REPO_ROOT, log);
  if (!started) return 1;
  const { launched, api } = started;
  const call = api.echoCall();

  log(`${options.concurrency} calls in flight for ${options.seconds} s, a window every ${options.window} s`);
  const windows: Window[] = [];
  let latencies: number[] = [];
  let answered = 0;
  let failed = 0;
  const start = performance.now();
  const end = start + options.seconds * 1000;
  let windowStart = start;
  const closeWindow = (): void => {
    const now = performance.now();
    const sorted = latencies.sort((a, b) => a - b);
    windows.push({
      at: Math.round((now - start) / 1000),
      calls: sorted.length,
      callsPerSecond: sorted.length / ((now - windowStart) / 1000),
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      rssMiB: rssMiB(launched.processGroup),
    });
    latencies = [];
    windowStart = now;
  };
  const ticker = setInterval(closeWindow, options.window * 1000);
  const worker = async (): Promise<void> => {
    while (performance.now() < end) {
      const begun = performance.now();
      try {
        await call();
        answered++;
        latencies.push(performance.now() - begun);
      } catch (error) {
        failed++;
        if (failed <= 3) log(`a call failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  clearInterval(ticker);
  // The calls finishing after the last full window: a window of their own only if it is at least half a window long.
  if (latencies.length && performance.now() - windowStart >= (options.window * 1000) / 2) closeWindow();

  const recorded = (await api.auditedCalls()).ok;
  const firsts = windows.slice(0, 3);
  const lasts = windows.slice(-3);
  const mean = (list: Window[], pick: (w: Window) => number | null): number | null => {
    const values = list.map(pick).filter((v): v is number => v !== null);
    return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
  };
  const summary = {
    answered,
    failed,
    auditedOk: recorded,
    firstWindows: {
      callsPerSecond: mean(firsts, (w) => w.callsPerSecond),
      p50Ms: mean(firsts, (w) => w.p50Ms),
      rssMiB: mean(firsts, (w) => w.rssMiB),
    },
    lastWindows: {
      callsPerSecond: mean(lasts, (w) => w.callsPerSecond),
      p50Ms: mean(lasts, (w) => w.p50Ms),
      rssMiB: mean(lasts, (w) => w.rssMiB),
    },
  };
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify({ when: new Date().toISOString(), cpus: os.cpus().length, options, windows, summary }, null, 2)}\n`,
    );
  } else {
    const fmt = (v: number | null, digits = 1): string => (v === null ? "—" : v.toFixed(digits));
    process.stdout.write(
      [
        `\naudited echo, ${options.concurrency} in flight for ${options.seconds} s (${os.cpus().length} cores)`,
        `${"at s".padStart(5)}  ${"calls/s".padStart(8)}  ${"p50 ms".padStart(7)}  ${"p99 ms".padStart(7)}  ${"RSS MiB".padStart(8)}`,
        ...windows.map(
          (w) =>
            `${String(w.at).padStart(5)}  ${fmt(w.callsPerSecond, 0).padStart(8)}  ${fmt(w.p50Ms).padStart(7)}  ${fmt(w.p99Ms).padStart(7)}  ${fmt(w.rssMiB).padStart(8)}`,
        ),
        "",
        `answered ${answered}, failed ${failed}, audited ok ${recorded}`,
        `first three windows: ${fmt(summary.firstWindows.callsPerSecond, 0)} calls/s, p50 ${fmt(summary.firstWindows.p50Ms)} ms, RSS ${fmt(summary.firstWindows.rssMiB)} MiB`,
        `last three windows:  ${fmt(summary.lastWindows.callsPerSecond, 0)} calls/s, p50 ${fmt(summary.lastWindows.p50Ms)} ms, RSS ${fmt(summary.lastWindows.rssMiB)} MiB`,
        "",
      ].join("\n"),
    );
  }
  // Every answered call is in the log: a bench that lost records would be measuring something else.
  return failed === 0 && recorded >= answered ? 0 : 1;
});
