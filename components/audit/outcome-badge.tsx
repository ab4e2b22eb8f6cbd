// An audit record's outcome, named and coloured as the one outcome table says.
import type { ReactNode } from "react";
import { outcomeInfo } from "@/lib/calls/outcomes";

export function OutcomeBadge({ outcome, code }: { outcome: string; code: number | null }): ReactNode {
  const info = outcomeInfo(outcome);
  return (
    <span className={`whitespace-nowrap ${info.text}`} title={info.explain || undefined} data-testid="audit-outcome" data-outcome={outcome}>
      {info.label}
      {code !== null && ` ${code}`}
    </span>
  );
}
