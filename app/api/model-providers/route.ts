import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { providersFor } from "@/lib/models/providers";
import { addProvider, NewProviderSchema } from "@/lib/models/provider-store";

export const dynamic = "force-dynamic";

/** The providers this person may use, the environment's first; never a key. */
export async function GET(request: Request) {
  return respond(() => providersFor(callerOf(request)));
}

/** A shared provider (admins) or one's own (a person with an account); its key is sealed. */
export async function POST(request: Request) {
  return respond(async () => addProvider(callerOf(request), await parseBody(request, NewProviderSchema)), { status: 201 });
}
