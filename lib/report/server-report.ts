import "server-only";
// A server's report card for one caller: their connection to it, the audit log's figures when
// they may read the log, and the other servers they can see for the shadowing check. A card is
// kept for a short while per connection and tool list, so that the grade on the server list and
// in the catalog does not list every server's tools twice on every page view; "Refresh" asks anew.
import { serverToolStats } from "@/lib/audit";
import { AppError } from "@/lib/errors";
import { can, type Caller } from "@/lib/domain/roles";
import type { GradeSummary, ReportCard } from "@/lib/domain/report-card";
import type { ServerConnection } from "@/lib/mcp/connection";
import { allConnections, connectionFor } from "@/lib/mcp/pool";
import { hiddenFromAudit, hiddenServerIds } from "@/lib/mcp/server-access";
import { processWide } from "@/lib/process-wide";
import { buildReport } from "./report-card";

const KEEP_MS = 60_000;

type Kept = { card: ReportCard; at: number; toolsUpdatedAt: string | null; auditReader: boolean };
const kept = processWide("report-cards", () => new WeakMap<ServerConnection, Kept>());

async function otherToolNames(serverId: string, caller: Caller): Promise<Set<string>> {
  const hidden = await hiddenServerIds(caller);
  const names = new Set<string>();
  // The shared connections' lists: asking for a person's own would open connections to every OAuth server for them.
  for (const connection of await allConnections()) {
    if (connection.config.id === serverId || hidden.has(connection.config.id)) continue;
    for (const tool of connection.catalog().tools) names.add(tool.name);
  }
  return names;
}

export async function serverReport(serverId: string, caller: Caller, { fresh = false }: { fresh?: boolean } = {}): Promise<ReportCard> {
  const connection = await connectionFor(serverId, caller);
  const readsAudit = can(caller, "audit:read") && !(await hiddenFromAudit(caller)).has(serverId);
  // A server not connected now is graded on what it listed last; one that never listed has nothing to grade.
  const connected = await connection.ready().then(
    () => true,
    () => false,
  );
  const { toolsUpdatedAt } = connection.snapshot();
  if (!connected && toolsUpdatedAt === null)
    throw new AppError(
      "unavailable:server",
      `${connection.config.name} is not connected and has never listed its tools: there is nothing to grade yet.`,
    );
  const last = kept.get(connection);
  if (!fresh && last && Date.now() - last.at < KEEP_MS && last.toolsUpdatedAt === toolsUpdatedAt && last.auditReader === readsAudit)
    return last.card;
  await connection.listed.lintSettled();
  const card = await buildReport(connection, {
    probe: connected,
    callStats: readsAudit ? await serverToolStats(serverId) : null,
    otherTools: await otherToolNames(serverId, caller),
  });
  kept.set(connection, { card, at: Date.now(), toolsUpdatedAt, auditReader: readsAudit });
  return card;
}

export async function serverGrade(serverId: string, caller: Caller): Promise<GradeSummary> {
  const { grade, score, counts, generatedAt } = await serverReport(serverId, caller);
  return { grade, score, counts, generatedAt };
}
