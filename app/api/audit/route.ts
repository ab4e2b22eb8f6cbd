import { listAudit } from "@/lib/audit/query";
import { auditReaderFor } from "@/lib/mcp/server-access";
import { callerOf } from "@/lib/http/caller";
import { AuditListSchema, storeFilters } from "@/lib/audit/query-schema";
import { respond } from "@/lib/http/respond";
import { parseSearchParams } from "@/lib/http/search-params";

export const dynamic = "force-dynamic";

/** The audit log, newest first: filters server, tool, outcome, actor, person, kind, via, from, to, q; limit and cursor. */
export async function GET(request: Request) {
  return respond(async () => {
    const query = parseSearchParams(request, AuditListSchema);
    return listAudit({ ...storeFilters(query), limit: query.limit, cursor: query.cursor }, await auditReaderFor(callerOf(request)));
  });
}
