import { z } from "zod";
import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";
import { AppError } from "@/lib/errors";
import { authorizationView, revokeAuthorization } from "@/lib/mcp/oauth-authorization";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ serverId: string }> };

const TargetSchema = z.enum(["me", "shared"]).default("me");

/** The caller's authorization of a server and the OAuth journal of how it came to be. */
export async function GET(request: Request, { params }: Params) {
  const { serverId } = await params;
  return respond(() => authorizationView(serverId, callerOf(request)));
}

/** Forgets the caller's tokens (`?target=shared`: the shared authorization, for admins). */
export async function DELETE(request: Request, { params }: Params) {
  const { serverId } = await params;
  return respond(async () => {
    const target = TargetSchema.safeParse(new URL(request.url).searchParams.get("target") ?? undefined);
    if (!target.success) throw new AppError("bad_request:body", "target is me or shared.");
    await revokeAuthorization(serverId, callerOf(request), target.data);
    return { revoked: true };
  });
}
