import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { changeServerPolicy, serverPolicyView } from "@/lib/policy/server-policies";
import { ServerPolicySchema } from "@/lib/domain/tool-policy";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ serverId: string }> };

export async function GET(_request: Request, { params }: Params) {
  const { serverId } = await params;
  return respond(() => serverPolicyView(serverId));
}

export async function PUT(request: Request, { params }: Params) {
  const { serverId } = await params;
  return respond(async () => changeServerPolicy(serverId, await parseBody(request, ServerPolicySchema.strict()), callerOf(request)));
}
