import { callerOf } from "@/lib/http/caller";
import { parseJsonBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { runCollection } from "@/lib/saved/run-saved";
import { RunCollectionSchema } from "@/lib/domain/saved-shapes";

export const dynamic = "force-dynamic";

/** Runs the collection's calls in order and answers with a report (200 whether or not they pass: see `totals.failed`). */
export async function POST(request: Request, { params }: { params: Promise<{ collectionId: string }> }) {
  const { collectionId } = await params;
  return respond(async () => {
    const text = await request.text();
    // `curl -X POST` with no body runs every call, with no secrets.
    const body = parseJsonBody(text.trim() ? text : "{}", RunCollectionSchema);
    return runCollection(collectionId, body, callerOf(request), request.signal);
  });
}
