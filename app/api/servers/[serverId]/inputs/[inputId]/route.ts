import { z } from "zod";
import { AppError } from "@/lib/errors";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { answerAnywhere } from "@/lib/mcp/user-input";
import { ownerOf } from "@/lib/calls/in-flight";
import { callerOf } from "@/lib/http/caller";

export const dynamic = "force-dynamic";

const AnswerSchema = z.object({
  action: z.enum(["accept", "decline", "cancel"]),
  content: z.record(z.string(), z.unknown()).optional(),
  text: z.string().optional(),
});

/** The user's answer to a server's request for input (elicitation or sampling) during a call. */
export async function POST(request: Request, { params }: { params: Promise<{ serverId: string; inputId: string }> }) {
  const { serverId, inputId } = await params;
  return respond(async () => {
    const answer = await parseBody(request, AnswerSchema);
    if (!(await answerAnywhere(serverId, inputId, answer, ownerOf(callerOf(request))))) throw new AppError("not_found:input");
    return { delivered: true };
  });
}
