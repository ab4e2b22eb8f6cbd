import { z } from "zod";
import { decideApproval } from "@/lib/approvals/approvals";
import { DENY_REASON_MAX } from "@/lib/domain/approvals";
import { callerOf } from "@/lib/http/caller";
import { parseBody } from "@/lib/http/parse-body";
import { respond } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

const DecisionSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("approve"), arguments: z.record(z.string(), z.unknown()).optional() }).strict(),
  z.object({ decision: z.literal("deny"), reason: z.string().max(DENY_REASON_MAX).optional() }).strict(),
]);

/**
 * Approves a waiting agent call (with edited arguments, checked against the tool's schema) or
 * denies it with a reason. The front door has already refused tokens ("decide" access).
 */
export async function POST(request: Request, { params }: { params: Promise<{ approvalId: string }> }) {
  const { approvalId } = await params;
  const fromPage = request.headers.get("sec-fetch-site") === "same-origin";
  return respond(async () => decideApproval(approvalId, await parseBody(request, DecisionSchema), callerOf(request), { fromPage }));
}
