import { respond } from "@/lib/http/respond";
import { callerOf } from "@/lib/http/caller";
import { listing, readRun } from "@/lib/evals/eval-store";

export const dynamic = "force-dynamic";

/** A run: each attempt graded, and the figures per model and per case. */
export async function GET(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  const { runId } = await params;
  return respond(async () => {
    const run = await readRun(runId, callerOf(request));
    return { ...listing(run), attempts: run.attempts, ...(run.payloadsHidden ? { payloadsHidden: true } : {}) };
  });
}
