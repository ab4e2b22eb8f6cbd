import { z } from "zod";
import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { complete } from "@/lib/calls/run-feature";

export const dynamic = "force-dynamic";

const CompleteSchema = z.object({
  ref: z.discriminatedUnion("type", [
    z.object({ type: z.literal("ref/prompt"), name: z.string().min(1).max(500) }),
    z.object({ type: z.literal("ref/resource"), uri: z.string().min(1).max(8_192) }),
  ]),
  argument: z.object({ name: z.string().min(1).max(200), value: z.string().max(10_000) }),
  context: z.object({ arguments: z.record(z.string().max(200), z.string().max(10_000)) }).optional(),
});

/** completion/complete through the call pipeline: audited; 400 when the server declares no completions. */
export async function POST(request: Request, { params }: { params: Promise<{ serverId: string }> }) {
  const { serverId } = await params;
  return respond(async () => {
    const body = await parseBody(request, CompleteSchema);
    return complete({ serverId, ...body, caller: callerOf(request), signal: request.signal });
  });
}
