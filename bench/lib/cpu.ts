// CPU time per process, so the bench can say where a call's CPU goes. On a machine with few
// cores the bench client, Toolscope and the demo server share them, and throughput is bounded
// by the CPU all three spend per call, not by Toolscope's alone. Linux only (/proc); elsewhere
// the figures are left out.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** utime + stime of one /proc/<pid>/stat line, and its process group, or undefined if unreadable. */
function readStat(pid: string): { cpuMs: number; group: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces; the fields after it are fixed.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks(), group: Number(fields[2]) };
  } catch {
    return undefined;
  }
}

/** CPU ms used so far by one process, or undefined where /proc is not available. */
export function processCpuMs(pid: number): number | undefined {
  return readStat(String(pid))?.cpuMs;
}

/** CPU ms used so far by the live processes of a process group (the Toolscope server and its children). */
export function groupCpuMs(group: number): number | undefined {
  let pids: string[];
  try {
    pids = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  let total = 0;
  for (const pid of pids) {
    const stat = readStat(pid);
    if (stat?.group === group) total += stat.cpuMs;
  }
  return total;
}

export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

export type CpuSources = Record<string, () => number | undefined>;

/** Runs `work` and returns the CPU ms each source used meanwhile (undefined where unknown). */
export async function cpuDuring<T>(
  sources: CpuSources,
  work: () => Promise<T>,
): Promise<{ result: T; cpuMs: Record<string, number | undefined> }> {
  const before = Object.fromEntries(Object.entries(sources).map(([name, read]) => [name, read()]));
  const result = await work();
  const cpuMs: Record<string, number | undefined> = {};
  for (const [name, read] of Object.entries(sources)) {
    const start = before[name];
    const end = read();
    cpuMs[name] = start === undefined || end === undefined ? undefined : end - start;
  }
  return { result, cpuMs };
}
