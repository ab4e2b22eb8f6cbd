import { getAuditEntry } from "@/lib/audit/query";
import { respond } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ auditId: string }> }): Promise<Response> {
  const { auditId } = await params;
  return respond(() => getAuditEntry(auditId));
}
