import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { changeProvider, ProviderChangeSchema, removeProvider } from "@/lib/models/provider-store";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ name: string }> };

/** Changes a provider's label, address, key or roles; a new address needs its key again. */
export async function PATCH(request: Request, { params }: Params) {
  return respond(async () => changeProvider(callerOf(request), (await params).name, await parseBody(request, ProviderChangeSchema)));
}

export async function DELETE(request: Request, { params }: Params) {
  return respond(async () => {
    await removeProvider(callerOf(request), (await params).name);
    return { removed: (await params).name };
  });
}
