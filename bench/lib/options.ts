// Command-line flags of bench/call-latency.ts.
import { parseArgs } from "node:util";
import { positiveInt } from "./lifecycle";

export type BenchOptions = {
  calls: number;
  warmup: number;
  throughputCalls: number;
  concurrency: number;
  rounds: number;
  baseUrl: string | undefined;
  /** Where the demo MCP server runs: in a process of its own, or inside the bench process. */
  demo: "process" | "in-process";
  json: boolean;
};

export const USAGE = `Usage: npx tsx bench/call-latency.ts [flags]

  --calls N             sequential tools/call per path, after the warm-up (default 2000)
  --warmup N            warm-up calls per path, not measured (default 200)
  --concurrency N       calls in flight for the throughput run (default 16)
  --throughput-calls N  calls per path in the throughput run (default 2 x --calls)
  --rounds N            split each run into N rounds, alternating which path goes first (default 4)
  --base-url URL        use an already running Toolscope instead of starting one from .next
  --demo WHERE          process (default): the demo MCP server in its own process, as real servers are;
                        in-process: inside the bench process, sharing the direct client's event loop
  --json                print one JSON document on stdout instead of the table
  --help                this text`;

/** The options, or undefined when --help was asked for. Throws on a bad flag. */
export function parseOptions(argv: string[]): BenchOptions | undefined {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      calls: { type: "string" },
      warmup: { type: "string" },
      "throughput-calls": { type: "string" },
      concurrency: { type: "string" },
      rounds: { type: "string" },
      "base-url": { type: "string" },
      demo: { type: "string", default: "process" },
      json: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return undefined;
  const calls = positiveInt("calls", values.calls, 2000);
  const baseUrl = values["base-url"]?.replace(/\/+$/, "");
  if (baseUrl !== undefined && !/^https?:\/\/[^/]+$/.test(baseUrl))
    throw new Error(`--base-url must be an origin like http://127.0.0.1:3000`);
  const demo = values.demo;
  if (demo !== "process" && demo !== "in-process") throw new Error(`--demo must be "process" or "in-process"`);
  return {
    calls,
    warmup: positiveInt("warmup", values.warmup, 200, 0),
    throughputCalls: positiveInt("throughput-calls", values["throughput-calls"], calls * 2),
    concurrency: positiveInt("concurrency", values.concurrency, 16),
    rounds: positiveInt("rounds", values.rounds, 4),
    baseUrl,
    demo,
    json: values.json ?? false,
  };
}
