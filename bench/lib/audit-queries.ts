// The audit page's first pages, as the bench asks for them: one case per filter (and a few
// combinations), each run with different values, and the plan the database picks for one.
import { CompiledQuery, type Kysely, type QueryId, type RootOperationNode } from "kysely";
import { createAuditStore, type AuditFilters } from "../../lib/audit/store";
import type { Database } from "../../lib/db/schema";
import { ACTORS, COMPLETED_OUTCOMES, orderNumber, SERVERS, SPAN_MS, TOOLS, TOOLS_BY_SERVER, WORDS } from "./audit-rows";

type Random = () => number;
export type QueryCase = { name: string; filters: (random: Random) => AuditFilters };

const DAY_MS = 86_400_000;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** The cases; values are drawn uniformly, so rare servers, tools and outcomes weigh as much as common ones. */
export function queryCases(endTime: number): QueryCase[] {
  const day = (random: Random): { from: number; to: number } => {
    const to = endTime - Math.floor(random() * (SPAN_MS - DAY_MS));
    return { from: to - DAY_MS, to };
  };
  const server = (random: Random): string => pick(random, SERVERS);
  return [
    { name: "no filter", filters: () => ({}) },
    { name: "server", filters: (r) => ({ serverId: server(r) }) },
    { name: "tool", filters: (r) => ({ toolName: pick(r, TOOLS) }) },
    { name: "outcome", filters: (r) => ({ outcome: pick(r, COMPLETED_OUTCOMES) }) },
    { name: "actor", filters: (r) => ({ actor: pick(r, ACTORS) }) },
    { name: "time range (1 day)", filters: (r) => day(r) },
    {
      name: "server + tool",
      filters: (r) => {
        const serverId = server(r);
        return { serverId, toolName: pick(r, TOOLS_BY_SERVER.get(serverId)!) };
      },
    },
    { name: "server + outcome", filters: (r) => ({ serverId: server(r), outcome: pick(r, COMPLETED_OUTCOMES) }) },
    { name: "server + 1 day", filters: (r) => ({ serverId: server(r), ...day(r) }) },
    { name: "actor + outcome", filters: (r) => ({ actor: pick(r, ACTORS), outcome: pick(r, COMPLETED_OUTCOMES) }) },
    { name: "q: common word", filters: (r) => ({ q: pick(r, WORDS.slice(0, 20)) }) },
    { name: "q: rare word", filters: (r) => ({ q: pick(r, WORDS.slice(-500)) }) },
    { name: "q: order number", filters: (r) => ({ q: orderNumber(r) }) },
  ];
}

export const PAGE = 50;

/** The store's own queries for a first page, as the database plans them (PostgreSQL: run, with timings). */
export async function explainFirstPage(db: Kysely<Database>, isPostgres: boolean, filters: AuditFilters): Promise<string> {
  const captured: { node: RootOperationNode; queryId: QueryId }[] = [];
  const capturing = db.withPlugin({
    transformQuery: (args) => {
      captured.push(args);
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  // No indexing timer for this store: its database object is a new one each time (and cannot index).
  await createAuditStore(capturing, { searchIndexDelayMs: 3_600_000 }).listInvocations({ ...filters, limit: PAGE });
  if (captured.length === 0) throw new Error("the store ran no query");
  const prefix = isPostgres ? "explain (analyze, buffers, costs off)" : "explain query plan";
  const plans: string[] = [];
  for (const query of captured) {
    if (query.node.kind !== "SelectQueryNode") continue;
    const compiled = db.getExecutor().compileQuery(query.node, query.queryId);
    const { rows } = await db.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(`${prefix} ${compiled.sql}`, [...compiled.parameters]),
    );
    plans.push(rows.map((row) => (isPostgres ? String(row["QUERY PLAN"]) : String(row.detail))).join("\n"));
  }
  return plans.join("\n--\n");
}
