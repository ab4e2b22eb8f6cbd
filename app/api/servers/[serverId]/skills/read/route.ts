import { z } from "zod";
import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { readSkillFileText } from "@/lib/calls/skill-files";

export const dynamic = "force-dynamic";

const ReadSchema = z.object({ skill: z.string().min(1).max(8_192), uri: z.string().min(1).max(8_192) });

/** One file of a skill, read through the call pipeline (audited) and verified against the skill's entry. */
export async function POST(request: Request, { params }: { params: Promise<{ serverId: string }> }) {
  const { serverId } = await params;
  return respond(async () => {
    const body = await parseBody(request, ReadSchema);
    return readSkillFileText({ serverId, skill: body.skill, uri: body.uri, caller: callerOf(request), signal: request.signal });
  });
}
