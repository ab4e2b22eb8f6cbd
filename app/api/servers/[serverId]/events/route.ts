import { errorBody } from "@/lib/errors";
import { callerOf } from "@/lib/http/caller";
import { serverEventStream } from "@/lib/mcp/server-events";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ serverId: string }> }): Promise<Response> {
  const { serverId } = await params;
  try {
    return await serverEventStream(serverId, request.signal, callerOf(request));
  } catch (error) {
    const { status, body } = errorBody(error);
    return Response.json(body, { status });
  }
}
