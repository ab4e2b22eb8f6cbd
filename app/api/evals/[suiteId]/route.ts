import { z } from "zod";
import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { getSuite, removeSuite, saveSuite } from "@/lib/evals/eval-store";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ suiteId: string }> };

export async function GET(_request: Request, { params }: Params) {
  const { suiteId } = await params;
  return respond(() => getSuite(suiteId));
}

/** Replaces the suite with the file in the body; its runs stay. */
export async function PUT(request: Request, { params }: Params) {
  const { suiteId } = await params;
  return respond(async () => saveSuite(await parseBody(request, z.unknown()), callerOf(request), suiteId));
}

/** Removes the suite and its runs (the calls they made stay in the audit log). */
export async function DELETE(request: Request, { params }: Params) {
  const { suiteId } = await params;
  return respond(async () => {
    await removeSuite(suiteId, callerOf(request));
    return { removed: suiteId };
  });
}
