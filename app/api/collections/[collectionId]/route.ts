import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { deleteCollection, getCollection, updateCollection } from "@/lib/saved/saved-calls";
import { CollectionUpdateSchema } from "@/lib/domain/saved-shapes";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ collectionId: string }> };

export async function GET(request: Request, { params }: Params) {
  const { collectionId } = await params;
  return respond(() => getCollection(collectionId, callerOf(request)));
}

export async function PUT(request: Request, { params }: Params) {
  const { collectionId } = await params;
  return respond(async () => updateCollection(collectionId, await parseBody(request, CollectionUpdateSchema), callerOf(request)));
}

export async function DELETE(request: Request, { params }: Params) {
  const { collectionId } = await params;
  return respond(() => deleteCollection(collectionId, callerOf(request)));
}
