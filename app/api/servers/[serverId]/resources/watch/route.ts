import { z } from "zod";
import { errorBody } from "@/lib/errors";
import { callerOf } from "@/lib/http/caller";
import { parseSearchParams } from "@/lib/http/search-params";
import { resourceWatchStream } from "@/lib/mcp/resource-watch-stream";

export const dynamic = "force-dynamic";

const WatchQuery = z.object({ uri: z.string().min(1).max(8_192) });

/** A live feed of one resource's changes (server-sent events): the server is asked to watch it while the feed is open. */
export async function GET(request: Request, { params }: { params: Promise<{ serverId: string }> }): Promise<Response> {
  const { serverId } = await params;
  try {
    const { uri } = parseSearchParams(request, WatchQuery);
    return await resourceWatchStream(serverId, uri, request.signal, callerOf(request));
  } catch (error) {
    const { status, body } = errorBody(error);
    return Response.json(body, { status });
  }
}
