import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { runSavedCall } from "@/lib/saved/run-saved";
import { RunSavedCallSchema } from "@/lib/domain/saved-shapes";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ savedCallId: string }> }) {
  const { savedCallId } = await params;
  return respond(async () => runSavedCall(savedCallId, await parseBody(request, RunSavedCallSchema), callerOf(request), request.signal));
}
