import { z } from "zod";
import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { VISIBILITIES } from "@/lib/domain/saved-shapes";
import { importCollection } from "@/lib/saved/transfer";

export const dynamic = "force-dynamic";

const Visibility = z.enum(VISIBILITIES).default("private");

/** The body is a collection file as export writes it; `?visibility=shared` shares the new collection. */
export async function POST(request: Request) {
  return respond(
    async () => {
      const visibility = Visibility.safeParse(new URL(request.url).searchParams.get("visibility") ?? undefined);
      const document = await parseBody(request, z.unknown());
      return importCollection(document, callerOf(request), visibility.success ? visibility.data : "private");
    },
    { status: 201 },
  );
}
