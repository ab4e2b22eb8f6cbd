// `toolscope check --junit`: JUnit XML that CI systems read (junit-report-builder writes it):
// one suite per group of the report card with one test case per rule (failed when the rule has
// findings at --fail-on, each finding a line of the failure), one suite for the collection's
// calls, one per model for an eval suite (evals-text.ts), and one case for reaching the server at all.
import junit from "junit-report-builder";
import { RULE_GROUPS, RULE_GROUP_LABELS, type Severity } from "../domain/report-card";
import type { FailOn } from "./check-options";
import { whyCallFailed } from "@/lib/domain/saved-checks";
import type { CheckRun } from "./run-check";
import { evalsJunit } from "./evals-text";

function failingLevels(failOn: FailOn): Severity[] {
  return failOn === "never" ? [] : failOn === "warning" ? ["error", "warning"] : ["error"];
}

export function junitXml(run: CheckRun, failOn: FailOn): string {
  const builder = junit.newBuilder().name(`toolscope check ${run.serverId}`);
  const connection = builder.testSuite().name("Connection");
  const reached = connection.testCase().className("toolscope.connection").name("The server answers initialize and tools/list");
  if (run.connectError) reached.failure(run.connectError, "connection");
  const card = run.card;
  if (card) {
    const levels = failingLevels(failOn);
    for (const group of RULE_GROUPS) {
      const suite = builder.testSuite().name(RULE_GROUP_LABELS[group]);
      for (const rule of Object.values(card.rules).filter((r) => r.group === group)) {
        const findings = card.findings.filter((f) => f.rule === rule.id);
        const test = suite.testCase().className(`toolscope.${group}`).name(`${rule.id}: ${rule.title}`);
        if (findings.length === 0) continue;
        const text = findings.map((f) => `${[f.tool, f.field].filter(Boolean).join(" · ") || "server"}: ${f.message}`).join("\n");
        if (levels.includes(rule.severity))
          test.failure(`${findings.length} finding(s). ${rule.why} Fix: ${rule.fix}`, rule.severity).stacktrace(text);
        else test.standardOutput(`${rule.severity}: ${text}`);
      }
    }
  }
  if (run.collection || run.collectionError) {
    const suite = builder.testSuite().name("Collection");
    if (run.collectionError)
      suite.testCase().className("toolscope.collection").name("The collection runs").failure(run.collectionError, "collection");
    for (const call of run.collection?.calls ?? []) {
      const test = suite
        .testCase()
        .className("toolscope.collection")
        .name(call.name)
        .time((call.durationMs ?? 0) / 1000);
      if (!call.passed) test.failure(whyCallFailed(call), call.outcome);
    }
  }
  if (run.evals) evalsJunit(builder, run.evals);
  if (run.evalsError)
    builder.testSuite().name("Evals").testCase().className("toolscope.evals").name("The eval suite runs").failure(run.evalsError, "evals");
  return builder.build();
}
