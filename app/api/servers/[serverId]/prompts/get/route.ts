import { z } from "zod";
import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { getPrompt } from "@/lib/calls/run-feature";

export const dynamic = "force-dynamic";

// Prompt arguments are strings in every revision.
const GetSchema = z.object({
  name: z.string().min(1).max(500),
  arguments: z.record(z.string().max(200), z.string().max(100_000)).default({}),
});

/** prompts/get through the call pipeline: audited, and answered with its outcome as a tool call is. */
export async function POST(request: Request, { params }: { params: Promise<{ serverId: string }> }) {
  const { serverId } = await params;
  return respond(async () => {
    const body = await parseBody(request, GetSchema);
    return getPrompt({ serverId, name: body.name, arguments: body.arguments, caller: callerOf(request), signal: request.signal });
  });
}
