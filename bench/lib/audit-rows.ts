// Realistic audit records, made fast: a seeded generator of rows as a team's Toolscope would
// have written them over 90 days (skewed servers, tools and actors, mostly "ok", arguments and
// results of a few hundred bytes), chained with the store's own hash, and bulk-inserted.
import { sql, type Kysely } from "kysely";
import { recordHash } from "../../lib/audit/chain";
import type { AuditRecord } from "../../lib/audit/store";
import type { Database, InvocationOutcome } from "../../lib/db/schema";

/** A small, fast, seeded PRNG (mulberry32): the same seed fills the same database. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

/** Index k with weight 1/(k+1): a few values are common, the tail is rare. */
function zipfPicker<T>(items: readonly T[]): (random: Random) => T {
  const cumulative: number[] = [];
  let sum = 0;
  for (let k = 0; k < items.length; k++) cumulative.push((sum += 1 / (k + 1)));
  return (random) => {
    const x = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return items[lo]!;
  };
}

const SERVER_NAMES = (
  "github filesystem postgres-prod jira slack linear sentry notion gdrive confluence stripe datadog grafana k8s-staging " +
  "k8s-prod aws-billing pagerduty zendesk hubspot figma snowflake bigquery redis-cache vault-readonly search-internal " +
  "docs-site crm-legacy hr-portal payroll audit-sandbox"
).split(" ");
const VERBS = ["search", "get", "list", "create", "update", "read", "query", "describe"];
const NOUNS = ["issues", "file", "records", "pages", "messages", "events", "users", "tickets", "metrics", "invoices"];
const COMMON_WORDS = (
  "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango " +
  "uniform victor whiskey xray yankee zulu invoice customer refund deploy rollback latency timeout incident database replica " +
  "cluster region bucket policy report quarterly budget forecast summary draft review approve reject pending merged branch commit " +
  "release version feature flag experiment cohort retention churn signup login session token rotate schedule meeting calendar"
).split(" ");
const SYLLABLES = "ka lo mi nu pe ra si to vu xe ba do fi gu ho ja ke lu mo ni".split(" ");
/**
 * The vocabulary of arguments and results: 100 everyday words, then made-up ones, drawn with
 * Zipf weights, so that the first words are in most records and the last in a fraction of one percent.
 */
export const WORDS: readonly string[] = [
  ...COMMON_WORDS,
  ...Array.from({ length: 1_900 }, (_, i) => `${SYLLABLES[i % 20]}${SYLLABLES[Math.floor(i / 20) % 20]}${SYLLABLES[Math.floor(i / 400)]}x`),
];
const pickWord = zipfPicker(WORDS);

export const SERVERS: readonly string[] = SERVER_NAMES;
/** Each server's tools: 8 of the verb_noun names, so some names exist on several servers. */
export const TOOLS_BY_SERVER: ReadonlyMap<string, readonly string[]> = new Map(
  SERVER_NAMES.map((server, s) => [server, Array.from({ length: 8 }, (_, k) => `${VERBS[(s + k) % 8]}_${NOUNS[(s * 3 + k) % 10]}`)]),
);
export const TOOLS: readonly string[] = [...new Set([...TOOLS_BY_SERVER.values()].flat())];
export const ACTORS: readonly string[] = [
  "local",
  ...Array.from({ length: 40 }, (_, i) => `user${String(i + 1).padStart(2, "0")}@example.com`),
];
const OUTCOMES: readonly [InvocationOutcome, number][] = [
  ["ok", 0.9],
  ["tool_error", 0.05],
  ["protocol_error", 0.02],
  ["timeout", 0.01],
  ["transport_error", 0.01],
  ["cancelled", 0.005],
  ["interrupted", 0.005],
];
export const COMPLETED_OUTCOMES: readonly InvocationOutcome[] = OUTCOMES.map(([o]) => o);
/** The history the records span, ending a minute before the fill. */
export const SPAN_MS = 90 * 24 * 3_600_000;

const pickServer = zipfPicker(SERVER_NAMES);
const pickUser = zipfPicker(ACTORS.slice(1));
const pickActor = (random: Random): string => (random() < 0.5 ? "local" : pickUser(random));
const toolPickers = new Map([...TOOLS_BY_SERVER].map(([server, tools]) => [server, zipfPicker(tools)]));

function outcomeOf(random: Random): InvocationOutcome {
  let x = random();
  for (const [outcome, p] of OUTCOMES) if ((x -= p) < 0) return outcome;
  return "ok";
}

function words(random: Random, count: number): string {
  return Array.from({ length: count }, () => pickWord(random)).join(" ");
}

/** An order number as a user would search for it: a third of the records have one, each value about one in three million. */
export function orderNumber(random: Random): string {
  return `ORD-${String(Math.floor(random() * 1_000_000)).padStart(6, "0")}`;
}

export type RowGenerator = { next: () => AuditRecord; headSeq: () => number; headHash: () => string };

/**
 * Rows in id order (= start time order), completed and chained like the store chains them:
 * chain_seq 1, 2, ... with each hash over the row and the previous hash.
 */
export function rowGenerator(total: number, endTime: number, seed = 1): RowGenerator {
  const random = seededRandom(seed);
  const start = endTime - SPAN_MS;
  let i = 0;
  let prevHash = "0".repeat(64);
  return {
    headSeq: () => i,
    headHash: () => prevHash,
    next: () => {
      const startedAt = start + Math.floor((i * SPAN_MS) / total);
      const duration = Math.floor(5 + random() * random() * 3_000);
      const server = pickServer(random);
      const tool = toolPickers.get(server)!(random);
      const outcome = outcomeOf(random);
      const args: Record<string, unknown> = { query: words(random, 2 + Math.floor(random() * 5)), limit: 20 };
      if (random() < 0.5) args.path = `/srv/${pickWord(random)}/${pickWord(random)}.json`;
      if (random() < 0.33) args.reference = orderNumber(random);
      const failed = outcome !== "ok" && outcome !== "tool_error";
      const text = words(random, 20 + Math.floor(random() * 100));
      const result = failed
        ? null
        : JSON.stringify({ content: [{ type: "text", text }], ...(outcome === "tool_error" ? { isError: true } : {}) });
      const row: AuditRecord = {
        id: `${startedAt.toString(36).padStart(9, "0")}${(i % 1_679_616).toString(36).padStart(4, "0")}${Math.floor(random() * 0xffffffff)
          .toString(16)
          .padStart(8, "0")}`,
        started_at: new Date(startedAt).toISOString(),
        ended_at: outcome === "interrupted" ? null : new Date(startedAt + duration).toISOString(),
        duration_ms: outcome === "interrupted" ? null : duration,
        kind: "call",
        actor: pickActor(random),
        actor_id: null,
        actor_name: null,
        auth_method: null,
        token_name: null,
        reason: null,
        via: null,
        client_ip: random() < 0.5 ? "127.0.0.1" : `10.0.${Math.floor(random() * 8)}.${Math.floor(random() * 250) + 2}`,
        server_id: server,
        server_target: `https://mcp.example.com/${server}/mcp`,
        protocol_version: random() < 0.8 ? "2026-07-28" : "2025-06-18",
        tool_name: tool,
        arguments: JSON.stringify(args),
        request_meta: random() < 0.1 ? JSON.stringify({ progressToken: i }) : null,
        outcome,
        error_code: outcome === "protocol_error" ? -32602 : null,
        error_message: failed ? `${outcome.replace("_", " ")}: ${words(random, 6)}` : null,
        result,
        result_size: result === null ? null : Buffer.byteLength(result),
        result_sha256: null,
        result_truncated: 0,
        output_verdict: failed ? null : "none",
        chain_seq: i + 1,
        prev_hash: prevHash,
        hash: null,
      };
      row.hash = recordHash(row);
      prevHash = row.hash;
      i++;
      return row;
    },
  };
}

/**
 * Inserts `total` generated rows in multi-row INSERTs, a transaction per chunk, then moves
 * the chain's head to the last of them, as if the store had written them one by one.
 */
export async function bulkFill(
  db: Kysely<Database>,
  options: { total: number; isPostgres: boolean; endTime: number; progress: (done: number) => void },
): Promise<void> {
  const rows = rowGenerator(options.total, options.endTime);
  // Bound by the drivers' parameter limits: 23 columns x rows per statement.
  const perInsert = options.isPostgres ? 1_000 : 500;
  const perTransaction = 20_000;
  let done = 0;
  while (done < options.total) {
    const chunk = Math.min(perTransaction, options.total - done);
    await db.transaction().execute(async (trx) => {
      for (let inserted = 0; inserted < chunk;) {
        const batch = Array.from({ length: Math.min(perInsert, chunk - inserted) }, rows.next);
        await trx.insertInto("audit_log").values(batch).execute();
        inserted += batch.length;
      }
    });
    done += chunk;
    options.progress(done);
  }
  await db.updateTable("audit_chain").set({ head_seq: rows.headSeq(), head_hash: rows.headHash() }).where("id", "=", 1).execute();
  // A long-running PostgreSQL has been analysed by autovacuum; SQLite is left as Toolscope
  // leaves it (it never runs ANALYZE), so its planner works without statistics.
  if (options.isPostgres) await sql`analyze audit_log`.execute(db);
}
