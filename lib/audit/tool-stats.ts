// What the audit log says of each tool of one server, for its report card: how many calls, how
// many failed, their p50/p95 durations, and how their structuredContent fared against the
// outputSchema when each arrived. Read from the newest records only (a bounded, indexed scan of
// audit_log_server_id), since a report is about the server as it is now.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { ToolCallStats } from "../domain/report-card";

export const STATS_RECORDS = 10_000;

type Row = { tool_name: string; outcome: string; duration_ms: number | string | null; output_verdict: string | null };

function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Calls still pending or cut short by a stop say nothing of the tool. */
const UNDECIDED = new Set(["pending", "interrupted", "unanswered", "cancelled", "unavailable", "unauthorized"]);

export function statsOf(rows: readonly Row[]): ToolCallStats[] {
  const byTool = new Map<string, { rows: Row[]; durations: number[] }>();
  for (const row of rows) {
    if (UNDECIDED.has(row.outcome)) continue;
    const entry = byTool.get(row.tool_name) ?? { rows: [], durations: [] };
    entry.rows.push(row);
    if (row.duration_ms !== null) entry.durations.push(Number(row.duration_ms));
    byTool.set(row.tool_name, entry);
  }
  return [...byTool.entries()]
    .map(([tool, { rows: calls, durations }]) => {
      durations.sort((a, b) => a - b);
      const verdicts = (verdict: string) => calls.filter((c) => c.output_verdict === verdict).length;
      return {
        tool,
        calls: calls.length,
        failures: calls.filter((c) => c.outcome !== "ok").length,
        toolErrors: calls.filter((c) => c.outcome === "tool_error").length,
        p50Ms: percentile(durations, 50),
        p95Ms: percentile(durations, 95),
        output: { valid: verdicts("valid"), invalid: verdicts("invalid"), schemaError: verdicts("schema_error") },
      };
    })
    .sort((a, b) => b.calls - a.calls || a.tool.localeCompare(b.tool));
}

/** The newest tool calls of one server, by tool; and how many records were read. */
export async function toolCallStats(
  db: Kysely<Database>,
  serverId: string,
  limit = STATS_RECORDS,
): Promise<{ stats: ToolCallStats[]; records: number }> {
  const rows = await db
    .selectFrom("audit_log")
    .select(["tool_name", "outcome", "duration_ms", "output_verdict"])
    .where("server_id", "=", serverId)
    .where("kind", "=", "call")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return { stats: statsOf(rows), records: rows.length };
}
