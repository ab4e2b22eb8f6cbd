// An audit record's outcome, named and coloured as the one outcome table says, read with the
// record's verdict on the tool's outputSchema (a success that fails it is not called one).
import type { ReactNode } from "react";
import { outcomeInfo, shownOutcome } from "@/lib/domain/outcomes";

export function OutcomeBadge({
  outcome,
  code,
  outputVerdict,
}: {
  outcome: string;
  code: number | null;
  outputVerdict: string | null;
}): ReactNode {
  const shown = shownOutcome(outcome, outputVerdict);
  const info = outcomeInfo(shown);
  return (
    <span className={`whitespace-nowrap ${info.text}`} title={info.explain || undefined} data-testid="audit-outcome" data-outcome={shown}>
      {info.label}
      {code !== null && ` ${code}`}
    </span>
  );
}
