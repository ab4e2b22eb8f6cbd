import "server-only";
// The report's behaviour rules, measured against the live server: Toolscope lists the tools
// twice, page by page as sent, and checks that pagination ends without repeating a cursor or a
// tool, that the order holds, and that a list that differs from the catalog was announced; and
// reads the audit log for results that missed their outputSchema, error rates and durations.
import { z } from "zod";
import type { ServerConnection } from "@/lib/mcp/connection";
import { MAX_LIST_PAGES } from "@/lib/mcp/list-tools";
import type { BehaviourFacts, Finding, ToolCallStats } from "../domain/report-card";
import { found } from "./rules";

const LIST_TIMEOUT_MS = 15_000;
/** How long a changed list has to be announced before it counts as changed silently. */
const ANNOUNCE_GRACE_MS = 1_000;
const ERROR_RATE = 0.25;
const ERROR_RATE_MIN_CALLS = 5;
const SLOW_P95_MS = 10_000;
/** One slow call a person asked for says little: slowness is a finding once it is seen often. */
const SLOW_MIN_CALLS = 5;

const Page = z.looseObject({ tools: z.array(z.looseObject({ name: z.string() })), nextCursor: z.string().optional() });

type Walk = { names: string[]; definitions: Map<string, string>; pages: number; findings: Finding[] };

async function walk(connection: ServerConnection): Promise<Walk> {
  const client = await connection.ready();
  const names: string[] = [];
  const definitions = new Map<string, string>();
  const findings: Finding[] = [];
  const cursors = new Set<string>();
  const duplicates = new Set<string>();
  /** The page each name was first seen on: a name on two pages is a pagination fault (two on one page are spec/tool-name-unique's). */
  const pageOf = new Map<string, number>();
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.request({ method: "tools/list", params: cursor === undefined ? {} : { cursor } }, Page, {
      timeout: LIST_TIMEOUT_MS,
    });
    pages++;
    for (const tool of page.tools) {
      const firstPage = pageOf.get(tool.name);
      if (firstPage === undefined) pageOf.set(tool.name, pages);
      else if (firstPage !== pages) duplicates.add(tool.name);
      names.push(tool.name);
      definitions.set(tool.name, JSON.stringify(tool));
    }
    cursor = page.nextCursor;
    if (cursor !== undefined && cursors.has(cursor)) {
      findings.push(
        found(
          "behaviour/pagination-terminates",
          {},
          `Page ${pages} returned the cursor ${JSON.stringify(cursor)} again; Toolscope stopped there.`,
        ),
      );
      break;
    }
    if (cursor !== undefined) cursors.add(cursor);
  } while (cursor !== undefined && pages < MAX_LIST_PAGES);
  if (cursor !== undefined && pages >= MAX_LIST_PAGES && findings.length === 0)
    findings.push(found("behaviour/pagination-terminates", {}, `The list did not end after ${MAX_LIST_PAGES} pages.`));
  for (const name of duplicates)
    findings.push(
      found("behaviour/pagination-duplicates", { tool: name }, `"${name}" was listed more than once in one walk through the pages.`),
    );
  return { names, definitions, pages, findings };
}

function sameDefinitions(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [name, text] of a) if (b.get(name) !== text) return false;
  return true;
}

/**
 * Whether a walk names other tools than the catalog: one the catalog does not know, or a valid
 * one missing. (Names only: the catalog keeps tools as the SDK read them. Tools the catalog set
 * aside as invalid never reach a walk, which goes through the same filter.)
 */
function differsFromCatalog(connection: ServerConnection, walked: ReadonlyMap<string, string>): boolean {
  const { tools, invalid } = connection.catalog();
  const valid = new Set(tools.map((t) => t.name));
  const known = new Set([...valid, ...invalid.flatMap((bad) => (bad.name ? [bad.name] : []))]);
  return [...walked.keys()].some((name) => !known.has(name)) || [...valid].some((name) => !walked.has(name));
}

/** Lists twice and compares; a server that cannot be listed is one finding, and the rest is graded on the catalog. */
export async function probeListing(
  connection: ServerConnection,
): Promise<{ findings: Finding[]; facts: Pick<BehaviourFacts, "probed" | "pages" | "sameOrderTwice"> }> {
  const before = connection.listed.announcedChanges;
  let first: Walk;
  let second: Walk;
  try {
    first = await walk(connection);
    second = await walk(connection);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      findings: [found("behaviour/list-failed", {}, `tools/list failed: ${reason}`)],
      facts: { probed: false, pages: null, sameOrderTwice: null },
    };
  }
  const findings = [
    ...first.findings,
    ...second.findings.filter((f) => f.rule !== "behaviour/pagination-duplicates" || !first.findings.some((g) => g.tool === f.tool)),
  ];
  const unchanged = sameDefinitions(first.definitions, second.definitions);
  const sameOrder = unchanged && first.names.join("\n") === second.names.join("\n");
  if (unchanged && !sameOrder)
    findings.push(found("behaviour/list-order-stable", {}, "The same tools came back in another order the second time."));
  // A walk cut short by a pagination fault has part of the list: nothing to compare.
  if (first.findings.length === 0 && second.findings.length === 0 && (!unchanged || differsFromCatalog(connection, second.definitions))) {
    await new Promise((resolve) => setTimeout(resolve, ANNOUNCE_GRACE_MS));
    if (connection.listed.announcedChanges === before)
      findings.push(
        found(
          "behaviour/list-changed-silent",
          {},
          unchanged
            ? "The tools listed now differ from the catalog Toolscope listed before, and the server sent no notifications/tools/list_changed."
            : "The list changed between two listings a moment apart, and the server sent no notifications/tools/list_changed.",
        ),
      );
  }
  return { findings, facts: { probed: true, pages: first.pages, sameOrderTwice: unchanged ? sameOrder : null } };
}

export function listChangedFindings(declared: boolean, heard: number): Finding[] {
  if (heard > 0 && !declared)
    return [
      found(
        "behaviour/list-changed-undeclared",
        {},
        `The server sent notifications/tools/list_changed ${heard} time${heard === 1 ? "" : "s"} without declaring tools.listChanged.`,
      ),
    ];
  return [];
}

/** Findings from the audit log's record of each tool's calls. */
export function callFindings(stats: readonly ToolCallStats[]): Finding[] {
  const findings: Finding[] = [];
  for (const s of stats) {
    if (s.output.invalid > 0)
      findings.push(
        found(
          "behaviour/output-schema-mismatch",
          { tool: s.tool, field: "outputSchema" },
          `${s.output.invalid} of ${s.output.valid + s.output.invalid} structured results did not match the outputSchema.`,
        ),
      );
    if (s.calls >= ERROR_RATE_MIN_CALLS && s.failures / s.calls > ERROR_RATE)
      findings.push(
        found("behaviour/error-rate", { tool: s.tool }, `${s.failures} of ${s.calls} calls failed (${s.toolErrors} as tool errors).`),
      );
    if (s.calls >= SLOW_MIN_CALLS && s.p95Ms !== null && s.p95Ms > SLOW_P95_MS)
      findings.push(
        found(
          "behaviour/slow-tool",
          { tool: s.tool },
          `p95 ${(s.p95Ms / 1000).toFixed(1)} s over ${s.calls} calls (p50 ${((s.p50Ms ?? 0) / 1000).toFixed(1)} s).`,
        ),
      );
  }
  return findings;
}
