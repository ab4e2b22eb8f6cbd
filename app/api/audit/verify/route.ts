import { verifyAudit } from "@/lib/audit/query";
import { respond } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

/** Walks the audit log's hash chain: `{ ok, checked, firstBroken: { seq, id, reason } | null }`. */
export async function GET() {
  return respond(verifyAudit);
}
