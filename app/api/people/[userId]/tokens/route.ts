import { findPerson } from "@/lib/auth/people";
import { listTokens } from "@/lib/auth/personal-tokens";
import { respond } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

/** Someone's personal tokens (never their secrets), for an admin who may revoke them. */
export async function GET(_request: Request, { params }: { params: Promise<{ userId: string }> }) {
  const { userId } = await params;
  return respond(async () => {
    await findPerson(userId);
    return { tokens: await listTokens(userId) };
  });
}
