import "server-only";
// What operators watch, in the Prometheus format (prom-client), one registry per process: each
// replica answers for itself at /metrics and Prometheus adds them up. Calls are counted where
// their audit record completes (lib/calls/audit-trail.ts), so the counters and the audit log
// agree: a call counted is a call recorded.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { processWide } from "@/lib/process-wide";

type Instruments = {
  registry: Registry;
  calls: Counter<"server" | "tool" | "outcome">;
  callSeconds: Histogram<"server" | "outcome">;
  auditWriteSeconds: Histogram<"operation">;
  eventStreams: Gauge<"kind">;
  connections: Gauge<"state">;
  callsInFlight: Gauge;
  draining: Gauge;
  agentCalls: Counter<"server" | "outcome">;
  approvals: Counter<"server" | "decision">;
  approvalSeconds: Histogram<"decision">;
  approvalsWaiting: Gauge;
};

/** What the gauges read when scraped; set by whoever owns the state (the pool, the pipeline, shutdown). */
export type MetricSources = {
  connectionStates: () => Record<string, number>;
  callsInFlight: () => number;
  draining: () => boolean;
};
const sources = processWide("metric-sources", (): Partial<MetricSources> => ({}));

export function provideMetricSources(provided: Partial<MetricSources>): void {
  Object.assign(sources, provided);
}

const CONNECTION_STATES = ["connecting", "ready", "failed", "unauthorized", "closed"] as const;

const instruments = processWide("metrics", (): Instruments => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "toolscope_" });
  const made: Instruments = {
    registry,
    calls: new Counter({
      name: "toolscope_tool_calls_total",
      help: "Tool calls recorded in the audit log, by server, tool and outcome.",
      labelNames: ["server", "tool", "outcome"],
      registers: [registry],
    }),
    callSeconds: new Histogram({
      name: "toolscope_tool_call_duration_seconds",
      help: "Time from opening a call's audit record to its outcome, by server and outcome.",
      labelNames: ["server", "outcome"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
      registers: [registry],
    }),
    auditWriteSeconds: new Histogram({
      name: "toolscope_audit_write_duration_seconds",
      help: "Time to write to the audit log: opening a call's record, completing it.",
      labelNames: ["operation"],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    eventStreams: new Gauge({
      name: "toolscope_event_streams_open",
      help: "Server-sent event streams open to browsers and scripts: a server's live feed, or a streamed call.",
      labelNames: ["kind"],
      registers: [registry],
    }),
    connections: new Gauge({
      name: "toolscope_mcp_connections",
      help: "Connections to MCP servers held by this process, by state.",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        const counts = sources.connectionStates?.() ?? {};
        for (const state of CONNECTION_STATES) this.set({ state }, counts[state] ?? 0);
      },
    }),
    callsInFlight: new Gauge({
      name: "toolscope_tool_calls_in_flight",
      help: "Tool calls this process is running, from the request to its recorded answer.",
      registers: [registry],
      collect() {
        this.set(sources.callsInFlight?.() ?? 0);
      },
    }),
    draining: new Gauge({
      name: "toolscope_draining",
      help: "1 while this process is shutting down: it takes no new calls and waits for those in flight.",
      registers: [registry],
      collect() {
        this.set(sources.draining?.() ? 1 : 0);
      },
    }),
    agentCalls: new Counter({
      name: "toolscope_agent_calls_total",
      help: "Tools/call requests of agents through /mcp, by server and what they got: a result (ok, tool_error), a protocol error, or a refusal.",
      labelNames: ["server", "outcome"],
      registers: [registry],
    }),
    approvals: new Counter({
      name: "toolscope_agent_approvals_total",
      help: "Agents' calls that waited for a person, by how the wait ended: approved, denied, expired, cancelled.",
      labelNames: ["server", "decision"],
      registers: [registry],
    }),
    approvalSeconds: new Histogram({
      name: "toolscope_agent_approval_wait_seconds",
      help: "How long an agent's call waited for a person, by how the wait ended.",
      labelNames: ["decision"],
      buckets: [1, 5, 10, 30, 60, 120, 300, 600, 1800, 3600],
      registers: [registry],
    }),
    approvalsWaiting: new Gauge({
      name: "toolscope_agent_approvals_waiting",
      help: "Agents' calls this process holds while they wait for a person.",
      registers: [registry],
    }),
  };
  // Scraped as 0 before the first stream opens, not missing.
  for (const kind of ["server", "call"]) made.eventStreams.set({ kind }, 0);
  return made;
});

export function countCall(serverId: string, toolName: string, outcome: string, seconds: number): void {
  instruments.calls.inc({ server: serverId, tool: toolName, outcome });
  instruments.callSeconds.observe({ server: serverId, outcome }, seconds);
}

/** One agent's tools/call through /mcp, once answered. */
export function countAgentCall(serverId: string, outcome: string): void {
  instruments.agentCalls.inc({ server: serverId, outcome });
}

/** An agent's call starts waiting for a person; the returned function ends the wait with its decision. */
export function startApprovalWait(serverId: string): (decision: string) => void {
  instruments.approvalsWaiting.inc();
  const end = instruments.approvalSeconds.startTimer();
  let open = true;
  return (decision) => {
    if (!open) return;
    open = false;
    instruments.approvalsWaiting.dec();
    end({ decision });
    instruments.approvals.inc({ server: serverId, decision });
  };
}

/** Times one audit write. */
export async function timeAuditWrite<T>(operation: "open" | "complete", write: () => Promise<T>): Promise<T> {
  const end = instruments.auditWriteSeconds.startTimer({ operation });
  try {
    return await write();
  } finally {
    end();
  }
}

/** Counts an event stream as open until the returned function is called (once). */
export function openEventStream(kind: "server" | "call"): () => void {
  instruments.eventStreams.inc({ kind });
  let open = true;
  return () => {
    if (!open) return;
    open = false;
    instruments.eventStreams.dec({ kind });
  };
}

export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

export function metricsText(): Promise<string> {
  return instruments.registry.metrics();
}
