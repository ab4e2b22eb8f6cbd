import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { createCollection, listCollections } from "@/lib/saved/saved-calls";
import { CollectionInputSchema } from "@/lib/domain/saved-shapes";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  return respond(() => listCollections(callerOf(request)));
}

export async function POST(request: Request) {
  return respond(async () => createCollection(await parseBody(request, CollectionInputSchema), callerOf(request)), { status: 201 });
}
