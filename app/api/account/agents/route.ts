import { agentGrants } from "@/lib/auth/agent-grants";
import { AppError } from "@/lib/errors";
import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

/** The agents the caller has allowed to act as them (OAuth for /mcp). */
export async function GET(request: Request) {
  return respond(async () => {
    const { userId } = callerOf(request);
    if (!userId) throw new AppError("bad_request:no_account");
    return { agents: await agentGrants(userId) };
  });
}
