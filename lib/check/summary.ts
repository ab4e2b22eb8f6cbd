// What `toolscope check` prints: the grade, what was measured, the findings by group and rule
// (each with where and why), the collection's calls, and the verdict in one line.
import { RULE_GROUPS, RULE_GROUP_LABELS, type Finding } from "../domain/report-card";
import { whyCallFailed } from "@/lib/domain/saved-checks";
import type { CheckRun } from "./run-check";
import { evalsText } from "./evals-text";

const MARK = { error: "✖", warning: "▲", info: "·" } as const;
const SHOWN_PER_RULE = 10;

function where(finding: Finding): string {
  return [finding.tool, finding.field].filter(Boolean).join(" · ");
}

export function summaryText(run: CheckRun, target: string): string {
  const lines: string[] = [];
  const card = run.card;
  lines.push(`toolscope check ${target}`);
  if (run.connectError) lines.push("", `Could not reach the server: ${run.connectError}`);
  if (card) {
    const { counts, behaviour, tokens } = card;
    lines.push(
      "",
      `Grade ${card.grade} · ${card.score}/100 · ${card.toolCount} tools · ${counts.error} errors, ${counts.warning} warnings, ${counts.info} notes`,
      `Token cost ${tokens.total.toLocaleString("en")} (${tokens.encoding})${tokens.biggest[0] ? ` · biggest ${tokens.biggest[0].tool} (${tokens.biggest[0].tokens.toLocaleString("en")})` : ""}`,
      `Listed twice: ${behaviour.probed ? `${behaviour.pages} page(s), ${behaviour.sameOrderTwice === false ? "another order" : "same order"}` : "no"} · tools.listChanged ${behaviour.listChangedDeclared ? "declared" : "not declared"}, heard ${behaviour.listChangedHeard}`,
    );
    for (const group of RULE_GROUPS) {
      const findings = card.findings.filter((f) => f.group === group);
      lines.push(
        "",
        `${RULE_GROUP_LABELS[group]}: ${findings.length === 0 ? "nothing to report" : `${findings.length} finding${findings.length === 1 ? "" : "s"}`}`,
      );
      const rules = [...new Set(findings.map((f) => f.rule))];
      for (const id of rules) {
        const rule = card.rules[id]!;
        const ofRule = findings.filter((f) => f.rule === id);
        lines.push(`  ${MARK[rule.severity]} ${rule.title} (${id}, ${rule.severity})`);
        for (const f of ofRule.slice(0, SHOWN_PER_RULE)) lines.push(`      ${where(f) ? `${where(f)}: ` : ""}${f.message}`);
        if (ofRule.length > SHOWN_PER_RULE) lines.push(`      … and ${ofRule.length - SHOWN_PER_RULE} more (--json has them all)`);
        lines.push(`      fix: ${rule.fix}`);
      }
    }
  }
  if (run.collection) {
    const { totals } = run.collection;
    lines.push("", `Collection “${run.collection.collection.name}”: ${totals.passed} of ${totals.calls} calls passed`);
    for (const call of run.collection.calls)
      lines.push(
        `  ${call.passed ? "✔" : "✖"} ${call.name} (${call.toolName}) · ${call.outcome}${call.durationMs === null ? "" : ` · ${call.durationMs} ms`}${
          call.passed ? "" : ` — ${whyCallFailed(call)}`
        }`,
      );
  }
  if (run.collectionError) lines.push("", `Collection not run: ${run.collectionError}`);
  if (run.evals) lines.push(...evalsText(run.evals));
  if (run.evalsError) lines.push("", `Evals not run: ${run.evalsError}`);
  lines.push("", run.failures.length === 0 ? "PASSED" : `FAILED: ${run.failures.join(" ")}`);
  return `${lines.join("\n")}\n`;
}
