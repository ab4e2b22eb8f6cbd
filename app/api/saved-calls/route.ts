import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { createSavedCall, listSaved } from "@/lib/saved/saved-calls";
import { SavedCallInputSchema } from "@/lib/domain/saved-shapes";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  return respond(() => listSaved(callerOf(request)));
}

export async function POST(request: Request) {
  return respond(async () => createSavedCall(await parseBody(request, SavedCallInputSchema), callerOf(request)), { status: 201 });
}
