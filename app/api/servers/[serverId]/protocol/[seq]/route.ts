import { z } from "zod";
import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";
import { AppError } from "@/lib/errors";
import { resendRequest } from "@/lib/calls/console";
import { can } from "@/lib/domain/roles";

export const dynamic = "force-dynamic";

const SeqSchema = z.coerce.number().int().positive();

/** Sends a request the protocol view shows again, as it was sent (tools/call and the like audited). */
export async function POST(request: Request, { params }: { params: Promise<{ serverId: string; seq: string }> }) {
  const { serverId, seq } = await params;
  return respond(() => {
    const caller = callerOf(request);
    // Only what the person may see may be sent again: the messages carry calls' payloads.
    if (!can(caller, "audit:payloads"))
      throw new AppError("forbidden:role", "Sending a message again needs the right to see calls' payloads.");
    const parsed = SeqSchema.safeParse(seq);
    if (!parsed.success) throw new AppError("not_found:message");
    return resendRequest(serverId, parsed.data, caller, request.signal);
  });
}
