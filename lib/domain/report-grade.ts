// The grade of a report card, from documented weights (docs/report-card.md): a score starts at
// 100 and each rule takes off its severity's weight for each finding, counted at most three times
// per rule, so that one habit repeated over many tools weighs less than many kinds of problem.
// A poisoned tool (any safety error) fails the server whatever the score.
import type { Finding, Grade, Severity } from "../domain/report-card";

export const SEVERITY_WEIGHTS: Record<Severity, number> = { error: 10, warning: 3, info: 0 };
export const FINDINGS_COUNTED_PER_RULE = 3;
export const GRADE_FLOORS: readonly [Grade, number][] = [
  ["A", 90],
  ["B", 80],
  ["C", 70],
  ["D", 60],
];

export function scoreOf(findings: readonly Finding[]): number {
  const perRule = new Map<string, { severity: Severity; count: number }>();
  for (const f of findings) {
    const entry = perRule.get(f.rule) ?? { severity: f.severity, count: 0 };
    entry.count++;
    perRule.set(f.rule, entry);
  }
  let score = 100;
  for (const { severity, count } of perRule.values()) score -= SEVERITY_WEIGHTS[severity] * Math.min(count, FINDINGS_COUNTED_PER_RULE);
  return Math.max(0, score);
}

export function gradeOf(findings: readonly Finding[]): { grade: Grade; score: number } {
  const score = scoreOf(findings);
  if (findings.some((f) => f.group === "safety" && f.severity === "error")) return { grade: "F", score };
  return { grade: GRADE_FLOORS.find(([, floor]) => score >= floor)?.[0] ?? "F", score };
}
