import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { rawRpc, RawRpcSchema } from "@/lib/calls/console";

export const dynamic = "force-dynamic";

/** Sends any JSON-RPC method to the server and answers with its raw result or error. */
export async function POST(request: Request, { params }: { params: Promise<{ serverId: string }> }): Promise<Response> {
  const { serverId } = await params;
  return respond(async () => rawRpc(serverId, await parseBody(request, RawRpcSchema), callerOf(request), request.signal));
}
