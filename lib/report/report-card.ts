import "server-only";
// A server's report card: the spec, quality, safety and client-compatibility rules over its tool
// list (with the model judge's verdicts, when an admin chose one), the behaviour measured against
// the live server and read from the audit log, and the grade. The same function serves the report
// page, GET /api/servers/{id}/report and `toolscope check`.
import type { ServerConnection } from "@/lib/mcp/connection";
import { serverNotices } from "@/lib/mcp/server-messages";
import type { BehaviourFacts, Finding, ReportCard, RuleInfo, Severity, ToolCallStats } from "../domain/report-card";
import type { ToolCatalog } from "../domain/mcp-types";
import { callFindings, listChangedFindings, probeListing } from "./behaviour";
import { listClientFindings, toolClientFindings } from "./client-rules";
import { gradeOf } from "@/lib/domain/report-grade";
import { currentJudge, judgeReport, type Judge } from "./model-judge";
import { broadSchemaFindings, scanTool, type ScanContext } from "./poisoning";
import { tokenCost, tokenFindings, toolQualityFindings, toolTokens } from "./quality-rules";
import { RULES } from "./rules";
import { listSpecFindings, toolSpecFindings } from "./spec-rules";
import { skillFindings } from "./skill-findings";

export type ReportInputs = {
  /** List the tools twice against the live server (the behaviour rules); off, the card is graded on the catalog alone. */
  probe: boolean;
  /** What the audit log says of the server's calls, when the reader may see it. */
  callStats: { stats: ToolCallStats[]; records: number } | null;
  /** Tool names of the other servers the reader can see, for the shadowing check. */
  otherTools: ReadonlySet<string>;
  /** The model judge; left out, the one an admin chose (null: none). */
  judge?: Judge | null;
};

/** Tools read per turn of the event loop: 10,000 tools take about half a second, which other requests should not wait for. */
const SLICE = 250;

/** The rules that need nothing but the list and the server's name (clients put it beside each tool's): spec, quality, safety, clients. */
export async function catalogFindings(
  catalog: ToolCatalog,
  otherTools: ReadonlySet<string>,
  serverName: string,
): Promise<{ findings: Finding[]; tokens: ReportCard["tokens"] }> {
  const context: ScanContext = { ownTools: new Set(catalog.tools.map((t) => t.name)), otherTools };
  const findings = listSpecFindings(catalog.tools, catalog.invalid);
  const each: { tool: string; tokens: number }[] = [];
  for (const [i, tool] of catalog.tools.entries()) {
    if (i > 0 && i % SLICE === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    findings.push(
      ...toolSpecFindings(tool),
      ...toolQualityFindings(tool),
      ...scanTool(tool, context),
      ...broadSchemaFindings(tool),
      ...toolClientFindings(tool, serverName),
    );
    each.push(toolTokens(tool));
  }
  const tokens = tokenCost(each);
  findings.push(...tokenFindings(tokens), ...(await listClientFindings(catalog.tools)));
  return { findings, tokens };
}

const ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export async function buildReport(connection: ServerConnection, inputs: ReportInputs): Promise<ReportCard> {
  const catalog = connection.catalog();
  // The id is the server's key in mcp.json, which is the name clients such as Cursor put beside its tools.
  const { findings, tokens } = await catalogFindings(catalog, inputs.otherTools, connection.config.id);
  const judged = await judgeReport(catalog.tools, inputs.judge === undefined ? await currentJudge() : inputs.judge);
  if (judged) findings.push(...judged.findings);
  const declared = Boolean((connection.snapshot().capabilities?.tools as { listChanged?: unknown } | undefined)?.listChanged);
  const probe = inputs.probe
    ? await probeListing(connection)
    : { findings: [], facts: { probed: false, pages: null, sameOrderTwice: null } };
  // The SDK acts only on announcements the server declared; the notices Toolscope keeps count every one (as far back as they go).
  const noticed = serverNotices(connection.config.id, connection.principal).filter(
    (n) => n.direction === "in" && n.method === "notifications/tools/list_changed",
  ).length;
  const heard = Math.max(connection.listed.announcedChanges, noticed);
  findings.push(
    ...probe.findings,
    ...listChangedFindings(declared, heard),
    ...callFindings(inputs.callStats?.stats ?? []),
    ...(await skillFindings(connection, inputs.probe)),
  );
  findings.sort(
    (a, b) => ORDER[a.severity] - ORDER[b.severity] || (a.tool ?? "").localeCompare(b.tool ?? "") || a.rule.localeCompare(b.rule),
  );
  const behaviour: BehaviourFacts = {
    ...probe.facts,
    listChangedDeclared: declared,
    listChangedHeard: heard,
    auditRecords: inputs.callStats?.records ?? null,
  };
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity]++;
  const rules: Record<string, RuleInfo> = Object.fromEntries(RULES.map((r) => [r.id, r]));
  return {
    serverId: connection.config.id,
    serverName: connection.config.name,
    generatedAt: new Date().toISOString(),
    ...gradeOf(findings),
    toolCount: catalog.tools.length,
    findings,
    rules,
    counts,
    tokens,
    behaviour,
    judge: judged?.summary ?? null,
    toolStats: inputs.callStats?.stats ?? [],
  };
}
