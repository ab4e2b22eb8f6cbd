import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { removeServer, serverSnapshot, updateServer } from "@/lib/mcp/servers";
import { UpdateServerBodySchema } from "../schema";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ serverId: string }> };

export async function GET(request: Request, { params }: Params): Promise<Response> {
  const { serverId } = await params;
  return respond(async () => ({ server: await serverSnapshot(serverId, callerOf(request)) }));
}

export async function PUT(request: Request, { params }: Params): Promise<Response> {
  const { serverId } = await params;
  return respond(async () => ({
    server: await updateServer(serverId, await parseBody(request, UpdateServerBodySchema), callerOf(request)),
  }));
}

export async function DELETE(request: Request, { params }: Params): Promise<Response> {
  const { serverId } = await params;
  return respond(async () => {
    await removeServer(serverId, callerOf(request));
    return { removed: serverId };
  });
}
