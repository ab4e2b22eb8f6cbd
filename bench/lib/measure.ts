// Timing loops shared by both paths, so that the only difference between them is the call itself.
import { performance } from "node:perf_hooks";

/** One complete tools/call; resolves only once the answer is parsed and checked. */
export type Call = () => Promise<void>;

export type LatencySummary = { count: number; p50: number; p90: number; p99: number; mean: number; min: number; max: number };

export type ThroughputRun = { calls: number; elapsedMs: number; latencies: number[] };

export async function sequential(call: Call, count: number): Promise<number[]> {
  const latencies = new Array<number>(count);
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await call();
    latencies[i] = performance.now() - start;
  }
  return latencies;
}

/** `total` calls with `inFlight` workers: each starts its next call as soon as its previous one ends. */
export async function concurrent(call: Call, total: number, inFlight: number): Promise<ThroughputRun> {
  const latencies: number[] = [];
  let issued = 0;
  const worker = async (): Promise<void> => {
    while (issued < total) {
      issued++;
      const start = performance.now();
      await call();
      latencies.push(performance.now() - start);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: Math.min(inFlight, total) }, worker));
  return { calls: total, elapsedMs: performance.now() - start, latencies };
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: number[], p: number): number {
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export function summarize(latencies: number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  const sum = sorted.reduce((acc, v) => acc + v, 0);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    mean: sum / sorted.length,
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

export function callsPerSecond(runs: ThroughputRun[]): number {
  const calls = runs.reduce((acc, r) => acc + r.calls, 0);
  const elapsedMs = runs.reduce((acc, r) => acc + r.elapsedMs, 0);
  return (calls / elapsedMs) * 1000;
}

/** Sizes of `rounds` chunks that add up to `total` (the first ones take the remainder). */
export function splitIntoRounds(total: number, rounds: number): number[] {
  const n = Math.max(1, Math.min(rounds, total));
  return Array.from({ length: n }, (_, i) => Math.floor(total / n) + (i < total % n ? 1 : 0));
}
