import { getAuditEntry } from "@/lib/audit/query";
import { auditReaderFor } from "@/lib/mcp/server-access";
import { callerOf } from "@/lib/http/caller";
import { respond } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ auditId: string }> }) {
  const { auditId } = await params;
  return respond(async () => getAuditEntry(auditId, await auditReaderFor(callerOf(request))));
}
