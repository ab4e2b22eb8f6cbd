"use client";

// A server's report card page: the grade and what it is made of, what was measured, and every
// finding with why it matters and how to fix it. Refresh (admins) makes the card anew (the server
// is listed twice again and the audit log read again); it is made again by itself after each listing.
import { Button } from "@/components/ui/button";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { api } from "@/components/api/client";
import { SEVERITIES, type ReportCard, type Severity } from "@/lib/domain/report-card";
import { FINDINGS_COUNTED_PER_RULE, GRADE_FLOORS, SEVERITY_WEIGHTS } from "@/lib/domain/report-grade";
import { useCan } from "@/components/auth/viewer";
import { BUTTON_SECONDARY } from "@/components/ui/classes";
import { DefinitionChanges } from "@/components/pins/definition-changes";
import { GradeLetter } from "./grade-badge";
import { JudgeFacts } from "./judge-facts";
import { ReportFacts } from "./report-facts";
import { ReportFindings, SEVERITY_LABELS } from "./report-findings";
import { ErrorNote } from "@/components/ui/error-note";
import { ToggleButton } from "@/components/ui/toggle-button";
import { Disclosure } from "@/components/ui/disclosure";

function HowGraded(): ReactNode {
  return (
    <Disclosure
      className="mt-3 text-[12px] text-zinc-700 dark:text-zinc-300"
      testId="how-graded"
      triggerClassName=" rounded text-muted focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none"
      title={<>How the grade is made</>}
    >
      <p className="mt-1">
        The score starts at 100. Each finding takes off {SEVERITY_WEIGHTS.error} (error), {SEVERITY_WEIGHTS.warning} (warning) or{" "}
        {SEVERITY_WEIGHTS.info} (note), counted at most {FINDINGS_COUNTED_PER_RULE} times per rule. Grades:{" "}
        {GRADE_FLOORS.map(([grade, floor]) => `${grade} from ${floor}`).join(", ")}, F below. Any safety error (a poisoned tool) is an F
        whatever the score.
      </p>
    </Disclosure>
  );
}

/**
 * The report route answers the whole card unless asked for ?view=grade (which this page never
 * asks); its inferred answer type is only the GradeSummary the two have in common.
 */
export function ReportView({ serverId }: { serverId: string }): ReactNode {
  const [card, setCard] = useState<ReportCard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [severities, setSeverities] = useState<ReadonlySet<Severity>>(new Set(SEVERITIES));
  // Making a card anew costs the server two listings and Toolscope seconds of CPU: an admin's to ask.
  const mayRefresh = useCan("servers:manage");
  const load = useCallback(
    async (fresh: boolean) => {
      setBusy(true);
      setError(null);
      try {
        const answer = await api("GET /api/servers/:serverId/report", { params: { serverId }, query: { fresh: fresh ? "1" : undefined } });
        // Only ?view=grade answers the grade alone, and this page never asks for it.
        if (!("findings" in answer)) throw new Error("The server answered a grade, not a report card.");
        setCard(answer);
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      } finally {
        setBusy(false);
      }
    },
    [serverId],
  );
  useEffect(() => {
    // Fetching on mount.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load(false);
  }, [load]);
  const toggle = (severity: Severity): void => {
    const next = new Set(severities);
    if (next.has(severity)) next.delete(severity);
    else next.add(severity);
    setSeverities(next);
  };
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-8" data-testid="report-view">
      <div className="flex flex-wrap items-center gap-4">
        {card && <GradeLetter grade={card.grade} size="lg" />}
        <div className="min-w-0 flex-1">
          <h1 className="text-lg font-semibold tracking-tight">Report card{card ? ` · ${card.serverName}` : ""}</h1>
          {card && (
            <p className="text-[13px] text-muted" data-testid="report-summary">
              Grade {card.grade} · {card.score} of 100 · {card.counts.error} error{card.counts.error === 1 ? "" : "s"},{" "}
              {card.counts.warning} warning
              {card.counts.warning === 1 ? "" : "s"}, {card.counts.info} note{card.counts.info === 1 ? "" : "s"} · made{" "}
              {new Date(card.generatedAt).toLocaleTimeString()}
            </p>
          )}
        </div>
        {mayRefresh && (
          <Button className={BUTTON_SECONDARY} onPress={() => void load(true)} isDisabled={busy} aria-label="Refresh the report card">
            {busy ? "Checking…" : "Refresh"}
          </Button>
        )}
      </div>
      <HowGraded />
      <DefinitionChanges key={card?.generatedAt ?? "first"} serverId={serverId} />
      <ErrorNote message={error} className="mt-4" />
      {!card && !error && (
        <p className="mt-4 text-sm text-muted" role="status">
          Checking the server…
        </p>
      )}
      {card && (
        <>
          <ReportFacts card={card} />
          {card.judge && <JudgeFacts judge={card.judge} toolCount={card.toolCount} />}
          <div className="mt-6 flex flex-wrap items-center gap-2" role="group" aria-label="Show findings of severity">
            {SEVERITIES.map((severity) => (
              <ToggleButton
                key={severity}
                className={BUTTON_SECONDARY}
                pressed={severities.has(severity)}
                onChange={() => toggle(severity)}
              >
                <span aria-hidden="true" className="mr-1">
                  {severities.has(severity) ? "✓" : ""}
                </span>
                {SEVERITY_LABELS[severity]}s ({card.counts[severity]})
              </ToggleButton>
            ))}
          </div>
          <ReportFindings card={card} severities={severities} />
        </>
      )}
    </div>
  );
}
