"use client";

// A report's findings, by group and then by rule: each rule once with why it matters and how to
// fix it, and its findings under it (the first twenty, then all on request, so that a rule that
// fires on every tool of a big server does not bury the others).
import { Button } from "@/components/ui/button";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { RULE_GROUPS, RULE_GROUP_LABELS, type Finding, type ReportCard, type RuleInfo, type Severity } from "@/lib/domain/report-card";
import { BUTTON_SECONDARY } from "@/components/ui/classes";
import { FindingSpan } from "./finding-span";
import { Disclosure } from "@/components/ui/disclosure";

const SHOWN = 20;

export const SEVERITY_LABELS: Record<Severity, string> = { error: "Error", warning: "Warning", info: "Note" };
const SEVERITY_CLASSES: Record<Severity, string> = {
  error: "border-rose-300 bg-rose-50 text-rose-800 dark:border-rose-800 dark:bg-rose-950/50 dark:text-rose-300",
  warning: "border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-300",
  info: "border-zinc-300 bg-zinc-50 text-zinc-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300",
};

export function SeverityChip({ severity }: { severity: Severity }): ReactNode {
  return (
    <span className={`inline-flex shrink-0 rounded border px-1.5 py-px text-[11px] font-medium ${SEVERITY_CLASSES[severity]}`}>
      {SEVERITY_LABELS[severity]}
    </span>
  );
}

function FindingItem({ serverId, finding }: { serverId: string; finding: Finding }): ReactNode {
  return (
    <li className="py-2" data-testid="finding" data-rule={finding.rule} data-tool={finding.tool ?? ""}>
      <p className="text-[13px]">
        {finding.tool && (
          <>
            <Link
              href={`/servers/${encodeURIComponent(serverId)}/tools/${encodeURIComponent(finding.tool)}`}
              className="font-mono text-[12px] text-indigo-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none dark:text-indigo-300"
            >
              {finding.tool}
            </Link>
            {finding.field && <span className="font-mono text-[12px] text-muted"> · {finding.field}</span>}
            <span aria-hidden="true"> — </span>
          </>
        )}
        <span className="break-words">{finding.message}</span>
      </p>
      {finding.span && <FindingSpan span={finding.span} />}
    </li>
  );
}

function RuleFindings({ serverId, rule, findings }: { serverId: string; rule: RuleInfo; findings: Finding[] }): ReactNode {
  const [all, setAll] = useState(false);
  const shown = all ? findings : findings.slice(0, SHOWN);
  return (
    <section
      className="rounded-lg border border-zinc-200 px-4 py-3 dark:border-zinc-800"
      data-testid="rule-findings"
      data-rule={rule.id}
      aria-labelledby={`rule-${rule.id}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <SeverityChip severity={rule.severity} />
        <h3 id={`rule-${rule.id}`} className="text-[13px] font-semibold">
          {rule.title}
        </h3>
        <span className="font-mono text-[11px] text-muted">{rule.id}</span>
        <span className="text-[12px] text-muted">
          · {findings.length} finding{findings.length === 1 ? "" : "s"}
        </span>
      </div>
      <Disclosure
        className="mt-1 text-[12px] text-zinc-700 dark:text-zinc-300"
        triggerClassName=" rounded text-muted focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none"
        title={<>Why it matters, how to fix it</>}
      >
        <p className="mt-1">{rule.why}</p>
        <p className="mt-1">
          <span className="font-medium">Fix: </span>
          {rule.fix}
        </p>
      </Disclosure>
      <ul className="mt-1 divide-y divide-zinc-100 dark:divide-zinc-900">
        {shown.map((finding, i) => (
          <FindingItem key={i} serverId={serverId} finding={finding} />
        ))}
      </ul>
      {findings.length > SHOWN && (
        <Button className={`${BUTTON_SECONDARY} mt-2`} onPress={() => setAll(!all)} aria-expanded={all}>
          {all ? `Show the first ${SHOWN}` : `Show all ${findings.length}`}
        </Button>
      )}
    </section>
  );
}

export function ReportFindings({ card, severities }: { card: ReportCard; severities: ReadonlySet<Severity> }): ReactNode {
  const findings = card.findings.filter((f) => severities.has(f.severity));
  return (
    <div className="mt-6 space-y-8">
      {RULE_GROUPS.map((group) => {
        const inGroup = findings.filter((f) => f.group === group);
        const rules = Object.values(card.rules).filter((r) => r.group === group);
        const byRule = rules
          .map((rule) => ({ rule, findings: inGroup.filter((f) => f.rule === rule.id) }))
          .filter((r) => r.findings.length > 0);
        const passed = rules.length - new Set(card.findings.filter((f) => f.group === group).map((f) => f.rule)).size;
        return (
          <section key={group} aria-labelledby={`group-${group}`} data-testid="report-group" data-group={group}>
            <h2 id={`group-${group}`} className="text-sm font-semibold">
              {RULE_GROUP_LABELS[group]}
              <span className="ml-2 font-normal text-muted">
                {inGroup.length} finding{inGroup.length === 1 ? "" : "s"} · {passed} of {rules.length} rules passed
              </span>
            </h2>
            {byRule.length === 0 ? (
              <p className="mt-2 text-[13px] text-muted">Nothing to report here.</p>
            ) : (
              <div className="mt-2 space-y-3">
                {byRule.map(({ rule, findings: ruleFindings }) => (
                  <RuleFindings key={rule.id} serverId={card.serverId} rule={rule} findings={ruleFindings} />
                ))}
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}
