import { revokePersonSessions } from "@/lib/auth/people";
import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

/** Signs someone out everywhere. */
export async function DELETE(request: Request, { params }: { params: Promise<{ userId: string }> }) {
  const { userId } = await params;
  return respond(async () => {
    await revokePersonSessions(userId, callerOf(request));
    return { revoked: true };
  });
}
