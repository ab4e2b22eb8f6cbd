"use client";

// A server's grade (A–F) as a small badge: on the server list, in the catalog's overview and on
// the report page, always with the words a screen reader needs and a link to the report.
import { useCallback, type ReactNode } from "react";
import { api } from "@/components/api/client";
import type { Grade } from "@/lib/domain/report-card";
import { useApiData } from "@/components/ui/use-api-data";
import { IntentLink } from "@/components/ui/intent-link";

export const GRADE_CLASSES: Record<Grade, string> = {
  A: "border-emerald-300 bg-emerald-50 text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-300",
  B: "border-lime-300 bg-lime-50 text-lime-800 dark:border-lime-800 dark:bg-lime-950/50 dark:text-lime-300",
  C: "border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-300",
  D: "border-orange-300 bg-orange-50 text-orange-800 dark:border-orange-800 dark:bg-orange-950/50 dark:text-orange-300",
  F: "border-rose-300 bg-rose-50 text-rose-800 dark:border-rose-800 dark:bg-rose-950/50 dark:text-rose-300",
};

export function GradeLetter({ grade, size = "sm" }: { grade: Grade; size?: "sm" | "lg" }): ReactNode {
  const box = size === "lg" ? "h-14 w-14 text-3xl rounded-xl" : "h-5 min-w-5 px-1 text-[11px] rounded";
  return <span className={`inline-flex items-center justify-center border font-semibold ${box} ${GRADE_CLASSES[grade]}`}>{grade}</span>;
}

/** The grade of a connected server, linking to its report; nothing while it is unknown (not connected, never listed). */
export function GradeBadge({ serverId, refreshKey }: { serverId: string; refreshKey?: string | null }): ReactNode {
  const load = useCallback(
    () => api("GET /api/servers/:serverId/report", { params: { serverId }, query: { view: "grade" } }),
    // A new tool list is a new grade.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [serverId, refreshKey],
  );
  const { data, error } = useApiData(load);
  // The badge's place is kept while the card is made (seconds, for a big server): nothing on the page moves when it arrives.
  if (!data) return error ? null : <span className="inline-block h-5 w-5" aria-hidden="true" data-testid="grade-badge-pending" />;
  const { grade, score, counts } = data;
  return (
    <IntentLink
      href={`/servers/${encodeURIComponent(serverId)}/report`}
      className="inline-flex items-center gap-1 rounded focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none"
      aria-label={`Report card: grade ${grade}, score ${score} of 100, ${counts.error} errors, ${counts.warning} warnings`}
      title={`Report card: ${score}/100 · ${counts.error} errors · ${counts.warning} warnings`}
      data-testid="grade-badge"
      data-grade={grade}
    >
      <GradeLetter grade={grade} />
    </IntentLink>
  );
}
