import { respond } from "@/lib/http/respond";
import { getRun, listing } from "@/lib/evals/eval-store";

export const dynamic = "force-dynamic";

/** A run: each attempt graded, and the figures per model and per case. */
export async function GET(_request: Request, { params }: { params: Promise<{ runId: string }> }): Promise<Response> {
  const { runId } = await params;
  return respond(async () => {
    const run = await getRun(runId);
    return { ...listing(run), attempts: run.attempts };
  });
}
