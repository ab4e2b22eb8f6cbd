// An audit record's outcome, coloured by kind: the three ways a call fails look different.
import type { ReactNode } from "react";

const TONE: Record<string, string> = {
  ok: "text-emerald-700 dark:text-emerald-400",
  tool_error: "text-amber-700 dark:text-amber-400",
  protocol_error: "text-rose-700 dark:text-rose-400",
  transport_error: "text-rose-700 dark:text-rose-400",
  timeout: "text-orange-700 dark:text-orange-400",
  cancelled: "text-zinc-500",
  interrupted: "text-fuchsia-700 dark:text-fuchsia-400",
  pending: "text-sky-700 dark:text-sky-400",
};

export function OutcomeBadge({ outcome, code }: { outcome: string; code: number | null }): ReactNode {
  return (
    <span className={`whitespace-nowrap ${TONE[outcome] ?? "text-zinc-600 dark:text-zinc-400"}`} data-testid="audit-outcome">
      {outcome.replace("_", " ")}
      {code !== null && ` ${code}`}
    </span>
  );
}
