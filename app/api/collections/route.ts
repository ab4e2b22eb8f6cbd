import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { createCollection, listSaved } from "@/lib/saved/saved-calls";
import { CollectionInputSchema } from "@/lib/saved/shapes";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  return respond(async () => ({ collections: (await listSaved(callerOf(request))).collections }));
}

export async function POST(request: Request): Promise<Response> {
  return respond(async () => createCollection(await parseBody(request, CollectionInputSchema), callerOf(request)), { status: 201 });
}
