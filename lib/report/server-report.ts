import "server-only";
// A server's report card for one caller: their connection to it, the audit log's figures when
// they may read the log, and the other servers they can see for the shadowing check. Making a
// card lists the server twice and reads every tool (seconds of CPU for 10,000 tools), so nobody
// can make Toolscope do it at will: cards are made one at a time per server, a card asked for by
// many at once is made once, one is kept until the server's tool list changes (its audit figures
// are made anew in the background after a minute, the old card answering meanwhile), and after
// each listing the cards people look at are made again in the background. "Refresh" (`fresh`) is
// an admin's, and at most once in FRESH_EVERY_MS.
import { serverToolStats } from "@/lib/audit";
import { AppError } from "@/lib/errors";
import { can, type Caller } from "@/lib/domain/roles";
import type { GradeSummary, ReportCard } from "@/lib/domain/report-card";
import type { ServerConnection } from "@/lib/mcp/connection";
import { allConnections, connectionFor, watchToolLists } from "@/lib/mcp/pool";
import { hiddenFromAudit, hiddenServerIds } from "@/lib/mcp/server-access";
import { processWide } from "@/lib/process-wide";
import { buildReport } from "./report-card";

/** A card's audit figures are this old at most before one is made anew (in the background). */
const KEEP_MS = 60_000;
/** A card made before the model judge's verdicts all came is made anew sooner, to show them. */
const KEEP_WHILE_JUDGING_MS = 10_000;
/** An admin's Refresh makes a card anew at most this often per server and view. */
export const FRESH_EVERY_MS = 10_000;

/** Who a card is made for: whether it shows the audit log's figures, and which servers it may compare names with. */
type Variant = { readsAudit: boolean; hidden: ReadonlySet<string> };
type Kept = { card: ReportCard; at: number; toolsUpdatedAt: string | null; variant: Variant };
type Builds = {
  kept: Map<string, Kept>;
  running: Map<string, Promise<ReportCard>>;
  /** The last build of this connection's cards: the next one starts after it. */
  queue: Promise<unknown>;
};
const builds = processWide("report-cards", () => new WeakMap<ServerConnection, Builds>());

function buildsOf(connection: ServerConnection): Builds {
  let found = builds.get(connection);
  if (!found) {
    found = { kept: new Map(), running: new Map(), queue: Promise.resolve() };
    builds.set(connection, found);
  }
  return found;
}

const keyOf = (variant: Variant): string => `${variant.readsAudit ? "audit" : "no-audit"}|${[...variant.hidden].sort().join(",")}`;

function otherToolNames(serverId: string, hidden: ReadonlySet<string>, connections: readonly ServerConnection[]): Set<string> {
  const names = new Set<string>();
  // The shared connections' lists: asking for a person's own would open connections to every OAuth server for them.
  for (const connection of connections) {
    if (connection.config.id === serverId || hidden.has(connection.config.id)) continue;
    for (const tool of connection.catalog().tools) names.add(tool.name);
  }
  return names;
}

/** Makes the card (one at a time per connection; a card already being made for this variant is shared). */
function build(connection: ServerConnection, variant: Variant): Promise<ReportCard> {
  const state = buildsOf(connection);
  const key = keyOf(variant);
  const running = state.running.get(key);
  if (running) return running;
  const made = state.queue.then(async () => {
    const connected = await connection.ready().then(
      () => true,
      () => false,
    );
    const { toolsUpdatedAt } = connection.snapshot();
    await connection.listed.lintSettled();
    const serverId = connection.config.id;
    const card = await buildReport(connection, {
      probe: connected,
      callStats: variant.readsAudit ? await serverToolStats(serverId) : null,
      otherTools: otherToolNames(serverId, variant.hidden, await allConnections()),
    });
    state.kept.set(key, { card, at: Date.now(), toolsUpdatedAt, variant });
    return card;
  });
  state.running.set(key, made);
  state.queue = made.catch(() => undefined);
  void made.finally(() => state.running.delete(key)).catch(() => undefined);
  return made;
}

export async function serverReport(serverId: string, caller: Caller, { fresh = false }: { fresh?: boolean } = {}): Promise<ReportCard> {
  if (fresh && !can(caller, "servers:manage"))
    throw new AppError(
      "forbidden:role",
      "Only an admin may have a report card made anew; it is made again by itself after each change to the server's tools.",
    );
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
  const variant: Variant = { readsAudit, hidden: await hiddenServerIds(caller) };
  const state = buildsOf(connection);
  const key = keyOf(variant);
  const last = state.kept.get(key);
  const current = last !== undefined && last.toolsUpdatedAt === toolsUpdatedAt;
  // build() answers with the card being made, when one is: asked for at once, a card is made once.
  if (fresh) return current && !state.running.has(key) && Date.now() - last.at < FRESH_EVERY_MS ? last.card : build(connection, variant);
  if (!current) return build(connection, variant);
  // Only the audit figures (or the judge's verdicts) have aged: the card answers now, and is made anew behind it.
  if (Date.now() - last.at >= (last.card.judge?.waiting ? KEEP_WHILE_JUDGING_MS : KEEP_MS))
    void build(connection, variant).catch(() => undefined);
  return last.card;
}

export async function serverGrade(serverId: string, caller: Caller): Promise<GradeSummary> {
  const { grade, score, counts, generatedAt } = await serverReport(serverId, caller);
  return { grade, score, counts, generatedAt };
}

const watching = processWide("report-card-watch", () => ({ installed: false }));

/** After every listing, the cards someone has looked at are made again, in the background (installed at start-up). */
export function watchReportCards(): void {
  if (watching.installed) return;
  watching.installed = true;
  watchToolLists((serverId) => {
    void (async () => {
      for (const connection of await allConnections()) {
        if (connection.config.id !== serverId) continue;
        for (const { variant } of buildsOf(connection).kept.values()) await build(connection, variant).catch(() => undefined);
      }
    })();
  });
}
