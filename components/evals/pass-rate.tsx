// A pass rate as a small coloured figure: green when every attempt passed, amber in between, red at none.
import type { ReactNode } from "react";
import { passRate, percent, type Figures } from "@/lib/domain/eval-run-shapes";

export function rateTone(rate: number | null): string {
  if (rate === null) return "text-muted";
  if (rate === 1) return "text-emerald-700 dark:text-emerald-400";
  if (rate === 0) return "text-rose-700 dark:text-rose-400";
  return "text-amber-700 dark:text-amber-400";
}

export function PassRate({ figures, testId }: { figures: Figures | undefined; testId?: string }): ReactNode {
  const rate = passRate(figures);
  return (
    <span className={`font-medium tabular-nums ${rateTone(rate)}`} data-testid={testId}>
      {percent(rate)}
      {figures && (
        <span className="ml-1 text-[11px] font-normal text-muted">
          ({figures.passed}/{figures.total})
        </span>
      )}
    </span>
  );
}
