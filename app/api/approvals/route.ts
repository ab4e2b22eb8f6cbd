import { approvalsFor, waitingForDecision } from "@/lib/approvals/approvals";
import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

/**
 * Agents' calls waiting for a person that the caller sees (oldest first), and the latest decided
 * ones; with `?count=1`, only how many wait for the caller's decision (the header's badge).
 */
export async function GET(request: Request) {
  const caller = callerOf(request);
  if (new URL(request.url).searchParams.get("count") === "1") return respond(() => waitingForDecision(caller));
  return respond(() => approvalsFor(caller));
}
