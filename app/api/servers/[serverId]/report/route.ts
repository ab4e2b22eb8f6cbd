import { z } from "zod";
import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";
import { parseSearchParams } from "@/lib/http/search-params";
import { serverGrade, serverReport } from "@/lib/report/server-report";
import type { GradeSummary, ReportCard } from "@/lib/domain/report-card";

export const dynamic = "force-dynamic";

const ReportQuery = z.object({
  /** Make the card anew rather than answer one made in the last minute. */
  fresh: z.enum(["0", "1"]).optional(),
  /** `grade`: only the grade and the counts (the server list and the catalog show these). */
  view: z.enum(["full", "grade"]).optional(),
});

/** The server's report card: findings by rule, the grade, token cost, what was measured (docs/report-card.md). */
export async function GET(request: Request, { params }: { params: Promise<{ serverId: string }> }) {
  const { serverId } = await params;
  // Two answers by `view`: named, so that the typed client sees both (a card has all a grade has).
  return respond<GradeSummary | ReportCard>(async () => {
    const query = parseSearchParams(request, ReportQuery);
    const caller = callerOf(request);
    return query.view === "grade" ? serverGrade(serverId, caller) : serverReport(serverId, caller, { fresh: query.fresh === "1" });
  });
}
