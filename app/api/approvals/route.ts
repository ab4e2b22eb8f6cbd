import { approvalsFor } from "@/lib/approvals/approvals";
import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

/** Agents' calls waiting for a person that the caller sees (oldest first), and the latest decided ones. */
export async function GET(request: Request): Promise<Response> {
  return respond(() => approvalsFor(callerOf(request)));
}
