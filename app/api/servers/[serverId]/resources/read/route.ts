import { z } from "zod";
import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { readResource } from "@/lib/calls/run-feature";

export const dynamic = "force-dynamic";

const ReadSchema = z.object({ uri: z.string().min(1).max(8_192) });

/** resources/read through the call pipeline: audited, and answered with its outcome as a tool call is. */
export async function POST(request: Request, { params }: { params: Promise<{ serverId: string }> }) {
  const { serverId } = await params;
  return respond(async () => {
    const body = await parseBody(request, ReadSchema);
    return readResource({ serverId, uri: body.uri, caller: callerOf(request), signal: request.signal });
  });
}
