import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";
import { stopRun } from "@/lib/evals/eval-store";

export const dynamic = "force-dynamic";

/** Stops a run that is going on; what ended before stays. */
export async function POST(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  const { runId } = await params;
  return respond(() => stopRun(runId, callerOf(request)));
}
