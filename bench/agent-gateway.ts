// Benchmark (not a test): what Toolscope's MCP endpoint for agents (/mcp) adds to a tools/call.
// N agents (the official SDK v2 client, each its own connection) make M calls each of the demo
// server's echo, all at once: straight to the demo server, then through Toolscope's /mcp, in
// alternating rounds. Every call through /mcp goes through the call pipeline and is audited;
// at the end the audit log must hold exactly one `ok` record per call made through it.
//
//   npx tsx bench/agent-gateway.ts [--agents N] [--calls M] [--rounds R] [--json]
//
// Needs a production build (npm run build). See bench/README.md.
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { flagReader, log, onCleanup, positiveInt, runBench } from "./lib/lifecycle";
import { percentile, splitIntoRounds } from "./lib/measure";
import { BENCH_SERVER_ID, toolscopeWithDemo } from "./lib/toolscope";

const REPO_ROOT = path.resolve(import.meta.dirname, "..");
const USAGE = "Usage: npx tsx bench/agent-gateway.ts [--agents N] [--calls M] [--rounds R] [--json]";
const MESSAGE = "hello from bench/agent-gateway";
const GOAL_ADDED_P50_MS = 2;

type Options = { agents: number; calls: number; rounds: number; json: boolean };

function parse(argv: string[]): Options | undefined {
  const value = flagReader(argv);
  if (!value) return undefined;
  return {
    agents: positiveInt("agents", value("--agents"), 16),
    calls: positiveInt("calls", value("--calls"), 100),
    rounds: positiveInt("rounds", value("--rounds"), 4),
    json: argv.includes("--json"),
  };
}

type Agent = { client: Client; tool: string; index: number };

async function connectAgents(url: string, count: number, tool: string, headers: Record<string, string>): Promise<Agent[]> {
  return Promise.all(
    Array.from({ length: count }, async (_unused, index) => {
      const client = new Client({ name: "bench-agent", version: String(index) }, { versionNegotiation: { mode: "auto" } });
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
      await client.listTools();
      onCleanup(() => client.close());
      return { client, tool, index };
    }),
  );
}

/** Every agent makes `calls` calls one after the other, all agents at once; the latency of each call. */
async function burst(agents: Agent[], calls: number): Promise<{ latencies: number[]; elapsedMs: number }> {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    agents.map(async (agent) => {
      for (let i = 0; i < calls; i++) {
        const start = performance.now();
        const result = await agent.client.callTool({ name: agent.tool, arguments: { message: MESSAGE } });
        latencies.push(performance.now() - start);
        const first = result.content[0];
        if (result.isError || first?.type !== "text" || first.text !== MESSAGE)
          throw new Error(`agent ${agent.index}: ${agent.tool} answered unexpectedly: ${JSON.stringify(result).slice(0, 300)}`);
      }
    }),
  );
  return { latencies, elapsedMs: performance.now() - started };
}

type Summary = { calls: number; p50: number; p90: number; p99: number; callsPerSecond: number };

function summary(runs: { latencies: number[]; elapsedMs: number }[]): Summary {
  const all = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const elapsed = runs.reduce((sum, r) => sum + r.elapsedMs, 0);
  const round = (n: number): number => Math.round(n * 100) / 100;
  return {
    calls: all.length,
    p50: round(percentile(all, 50)),
    p90: round(percentile(all, 90)),
    p99: round(percentile(all, 99)),
    callsPerSecond: Math.round((all.length / elapsed) * 1000),
  };
}

async function main(): Promise<number> {
  const options = parse(process.argv.slice(2));
  if (!options) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const started = await toolscopeWithDemo(REPO_ROOT, log);
  if (!started) return 1;
  const { demo, api, snapshot } = started;
  const headers = { "content-type": "application/json" };
  // echo declares no hints: by the spec's defaults it is destructive, and an agent's call would wait for a person.
  const policy = await fetch(`${api.baseUrl}/api/servers/${BENCH_SERVER_ID}/policy`, {
    method: "PUT",
    headers,
    body: JSON.stringify({ agents: { tools: { echo: "allow" } } }),
  });
  if (!policy.ok) throw new Error(`setting the bench server's policy failed (HTTP ${policy.status})`);

  const direct = await connectAgents(demo.url, options.agents, "echo", {});
  const gateway = await connectAgents(`${api.baseUrl}/mcp`, options.agents, `${BENCH_SERVER_ID}__echo`, {});
  log(`${options.agents} agents each way; warm-up: 10 calls per agent each way`);
  await burst(direct, 10);
  await burst(gateway, 10);
  const before = await api.auditedCalls({ via: "agent" });

  type Run = { latencies: number[]; elapsedMs: number };
  const runs: { direct: Run[]; gateway: Run[] } = { direct: [], gateway: [] };
  for (const [i, calls] of splitIntoRounds(options.calls, options.rounds).entries()) {
    log(`round ${i + 1}/${options.rounds}: ${calls} calls per agent, direct and through /mcp`);
    const order = i % 2 === 0 ? (["direct", "gateway"] as const) : (["gateway", "direct"] as const);
    for (const path of order) runs[path].push(await burst(path === "direct" ? direct : gateway, calls));
  }
  const after = await api.auditedCalls({ via: "agent" });
  const made = options.agents * options.calls;
  const audited = { made, records: after.records - before.records, ok: after.ok - before.ok };

  const report = {
    setup: {
      agents: options.agents,
      callsPerAgent: options.calls,
      rounds: options.rounds,
      protocol: snapshot.protocolVersion ?? "unknown",
      node: process.version,
      cpus: os.cpus().length,
    },
    direct: summary(runs.direct),
    gateway: summary(runs.gateway),
    addedP50Ms: 0,
    goalAddedP50Ms: GOAL_ADDED_P50_MS,
    audited,
  };
  report.addedP50Ms = Math.round((report.gateway.p50 - report.direct.p50) * 100) / 100;
  if (options.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else
    process.stdout.write(
      [
        "",
        `${options.agents} agents × ${options.calls} calls of echo, all at once (${report.setup.protocol})`,
        `  direct to the demo server   p50 ${report.direct.p50} ms  p90 ${report.direct.p90} ms  p99 ${report.direct.p99} ms  ${report.direct.callsPerSecond} calls/s`,
        `  through Toolscope's /mcp    p50 ${report.gateway.p50} ms  p90 ${report.gateway.p90} ms  p99 ${report.gateway.p99} ms  ${report.gateway.callsPerSecond} calls/s`,
        `  added at p50: ${report.addedP50Ms} ms (goal ≤ ${GOAL_ADDED_P50_MS} ms)`,
        `  audited: ${audited.records} records for ${made} calls, ${audited.ok} ok${audited.records === made && audited.ok === made ? " (none lost)" : " — MISMATCH"}`,
        "",
      ].join("\n"),
    );
  return audited.records === made && audited.ok === made ? 0 : 1;
}

await runBench("agent-gateway", main);
