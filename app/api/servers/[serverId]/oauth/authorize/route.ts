import { z } from "zod";
import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";
import { beginAuthorization } from "@/lib/mcp/oauth-authorization";

export const dynamic = "force-dynamic";

const BodySchema = z
  .object({
    /** A step-up: the scope a call asked for (kept together with what was granted before). */
    scope: z.string().trim().min(1).max(2000).optional(),
    /** Where the browser comes back to afterwards: a path on this Toolscope. */
    returnTo: z.string().max(2000).optional(),
    /** "shared": the server's one authorization for everyone (admins). */
    target: z.enum(["me", "shared"]).optional(),
  })
  .strict();

/** Starts an authorization: answers the URL to send the browser to, or that none was needed. */
export async function POST(request: Request, { params }: { params: Promise<{ serverId: string }> }) {
  const { serverId } = await params;
  return respond(async () => beginAuthorization(serverId, callerOf(request), await parseBody(request, BodySchema)));
}
