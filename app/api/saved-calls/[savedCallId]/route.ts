import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { deleteSavedCall, getSavedCall, updateSavedCall } from "@/lib/saved/saved-calls";
import { SavedCallUpdateSchema } from "@/lib/domain/saved-shapes";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ savedCallId: string }> };

export async function GET(request: Request, { params }: Params) {
  const { savedCallId } = await params;
  return respond(() => getSavedCall(savedCallId, callerOf(request)));
}

export async function PUT(request: Request, { params }: Params) {
  const { savedCallId } = await params;
  return respond(async () => updateSavedCall(savedCallId, await parseBody(request, SavedCallUpdateSchema), callerOf(request)));
}

export async function DELETE(request: Request, { params }: Params) {
  const { savedCallId } = await params;
  return respond(() => deleteSavedCall(savedCallId, callerOf(request)));
}
