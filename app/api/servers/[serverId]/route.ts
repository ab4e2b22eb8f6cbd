import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { removeServer, serverSnapshot, setServerTrust, updateServer } from "@/lib/mcp/servers";
import { TrustBodySchema, UpdateServerBodySchema } from "../schema";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ serverId: string }> };

export async function GET(request: Request, { params }: Params) {
  const { serverId } = await params;
  return respond(async () => ({ server: await serverSnapshot(serverId, callerOf(request)) }));
}

export async function PUT(request: Request, { params }: Params) {
  const { serverId } = await params;
  return respond(async () => ({
    server: await updateServer(serverId, await parseBody(request, UpdateServerBodySchema), callerOf(request)),
  }));
}

/** Trusts the server or stops (the one setting a PATCH changes). */
export async function PATCH(request: Request, { params }: Params) {
  const { serverId } = await params;
  return respond(async () => {
    const { trusted } = await parseBody(request, TrustBodySchema);
    return { server: await setServerTrust(serverId, trusted, callerOf(request)) };
  });
}

export async function DELETE(request: Request, { params }: Params) {
  const { serverId } = await params;
  return respond(async () => {
    await removeServer(serverId, callerOf(request));
    return { removed: serverId };
  });
}
