import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { getSuite, listRuns, startRun } from "@/lib/evals/eval-store";
import { RunRequestSchema } from "@/lib/domain/eval-suite-file";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ suiteId: string }> };

/** The suite's runs, newest first, with their figures (not each attempt). */
export async function GET(_request: Request, { params }: Params) {
  const { suiteId } = await params;
  return respond(async () => {
    await getSuite(suiteId);
    return listRuns(suiteId);
  });
}

/** Starts a run ({ models, repeat }) and answers at once (202); GET /api/eval-runs/{id} follows it. */
export async function POST(request: Request, { params }: Params) {
  const { suiteId } = await params;
  return respond(async () => startRun(suiteId, await parseBody(request, RunRequestSchema), callerOf(request)), { status: 202 });
}
